/**
 * What the local S3 (s3-process.mjs) changes in s3rver's filesystem store, so that it keeps S3's semantics at the
 * cost of a file system, not of an MD5 and a copy of every byte each time they move
 * (docs/decisions.md#the-local-s3-moves-bytes-once):
 * - no file of an object (its bytes, its headers, its ETag) is ever written in place: a write makes a new file,
 *   so files may be shared by hard links (the command line links files into this folder and out of it, and
 *   shares one file of headers among many objects: s3-files.ts);
 * - CopyObject links the source's three files (S3 objects are immutable): a new file costs this file system far
 *   more than a link;
 * - UploadPartCopy links the source's file into the upload and records the range; CompleteMultipartUpload then
 *   writes each byte of the object once, and answers S3's multipart ETag (the MD5 of the parts' ETags, `-N`)
 *   instead of reading the whole object again for an MD5 that S3 does not give a multipart object either;
 * - a listing reads the folders under its prefix (no stat of every file, as s3rver's walk did, from the bucket's
 *   top on every page) and answers in key order, as S3 does, whatever order the file system keeps;
 * - a bucket's existence and its configuration (read by every request) are kept in memory once read;
 * - a PUT with If-None-Match: * (S3's conditional write, which s3rver ignores) is refused with 412 where the key
 *   holds an object, and with 409 while another conditional write of the key is under way.
 * Plain JavaScript, as s3-process.mjs.
 */
import { createHash } from "node:crypto";
import { ReadStream } from "node:fs";
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import objectController from "@20minutes/s3rver/lib/controllers/object.js";
import S3Error from "@20minutes/s3rver/lib/models/error.js";
import FilesystemStore from "@20minutes/s3rver/lib/stores/filesystem.js";
import S3Object from "@20minutes/s3rver/lib/models/object.js";

const removed = (path) =>
  unlink(path).catch((error) => {
    if (error.code !== "ENOENT") throw error;
  });
/** Copies bytes [start, end) of the file `from` to `out` (an open file) at `position`, through `buffer`. */
async function copyRange(from, start, end, out, position, buffer) {
  const source = await open(from, "r");
  try {
    for (let at = start; at < end; ) {
      const { bytesRead } = await source.read(buffer, 0, Math.min(buffer.length, end - at), at);
      if (bytesRead === 0) throw new Error(`${from} ends before byte ${end}`);
      await out.write(buffer, 0, bytesRead, position + (at - start));
      at += bytesRead;
    }
  } finally {
    await source.close();
  }
  return end - start;
}

const COPY_BUFFER_BYTES = 512 << 10;

const store = FilesystemStore.prototype;
const original = {
  putContent: store.putContent,
  putMetadata: store.putMetadata,
  putPart: store.putPart,
  getBucket: store.getBucket,
  getSubresource: store.getSubresource,
};

store.putContent = async function (objectPath, content) {
  await removed(objectPath);
  return original.putContent.call(this, objectPath, content);
};

let linking = 0;
/** Puts a link to `from` at `to`, replacing any file there in one step; a copy across file systems. (s3-files.ts linkOrCopy does the same for the command line; this file runs without the TypeScript loader.) */
async function linkInPlace(from, to) {
  const beside = `${to}.${process.pid}-${++linking}.linking`;
  try {
    await link(from, beside);
  } catch (error) {
    if (error.code !== "EXDEV" && error.code !== "EPERM") throw error;
    await copyFile(from, beside);
  }
  await rename(beside, to);
}

store.putMetadata = async function (bucket, key, metadata, md5) {
  await Promise.all([removed(this.getResourcePath(bucket, key, "metadata.json")), md5 && removed(this.getResourcePath(bucket, key, "object.md5"))]);
  return original.putMetadata.call(this, bucket, key, metadata, md5);
};

store.copyObject = async function (srcBucket, srcKey, destBucket, destKey, replacementMetadata) {
  const [from, to] = [this.getResourcePath(srcBucket, srcKey, "object"), this.getResourcePath(destBucket, destKey, "object")];
  if (from !== to) {
    await mkdir(dirname(to), { recursive: true });
    // The bytes first: a copy from a missing object fails before the target is touched, as on S3.
    await linkInPlace(from, to);
    await linkInPlace(`${from}.md5`, `${to}.md5`).catch(async (error) => {
      if (error.code !== "ENOENT") throw error;
      // Kept without its ETag: s3rver computes it when it is next read.
      await removed(`${to}.md5`);
    });
    if (!replacementMetadata) await linkInPlace(this.getResourcePath(srcBucket, srcKey, "metadata.json"), this.getResourcePath(destBucket, destKey, "metadata.json"));
  }
  if (replacementMetadata) await this.putMetadata(destBucket, destKey, replacementMetadata);
  return this.getMetadata(destBucket, destKey);
};

const uploadDirOf = (store, bucket, uploadId) => join(store.getResourcePath(bucket, undefined, "uploads"), uploadId);

store.putPart = async function (bucket, uploadId, partNumber, content) {
  const uploadDir = uploadDirOf(this, bucket, uploadId);
  const part = join(uploadDir, String(partNumber));
  await Promise.all([removed(part), removed(`${part}.ref`)]);
  // UploadPartCopy hands over getObject's stream of the source's file: keep the file (a link, so a later write
  // or delete of the source leaves this upload's bytes as they were) and the range, not a copy of the bytes.
  if (!(content instanceof ReadStream) || typeof content.path !== "string") return original.putPart.call(this, bucket, uploadId, partNumber, content);
  const { path: source, start = 0, end = Infinity } = content;
  content.destroy();
  await mkdir(uploadDir, { recursive: true });
  const { ino, size: sourceSize } = await stat(source);
  const kept = join(uploadDir, `source-${ino}`);
  // Named by the file's inode: parts copied from one source at once share one link.
  await link(source, kept).catch((error) => {
    if (error.code !== "EEXIST") throw error;
  });
  const last = Math.min(end, sourceSize - 1);
  const size = Math.max(0, last - start + 1);
  // The part's ETag names its bytes by the source's ETag and the range: the same bytes, the same tag.
  const sourceTag = await readFile(`${source}.md5`, "utf8").catch(() => `${ino}:${sourceSize}`);
  const md5 = createHash("md5").update(`${sourceTag}:${start}-${last}`).digest("hex");
  await writeFile(`${part}.ref`, JSON.stringify({ file: kept, start, end: start + size }));
  await writeFile(`${part}.md5`, md5);
  return { size, md5 };
};

store.putObjectMultipart = async function (bucket, uploadId, parts) {
  const uploadDir = uploadDirOf(this, bucket, uploadId);
  const [key, headers] = await Promise.all([readFile(join(uploadDir, "key"), "utf8"), readFile(join(uploadDir, "metadata"), "utf8").then(JSON.parse)]);
  const objectPath = this.getResourcePath(bucket, key, "object");
  await mkdir(dirname(objectPath), { recursive: true });
  // Written beside the object and put in its place when whole: an upload that fails leaves the object as it was.
  const writing = `${objectPath}.${process.pid}-${++linking}.completing`;
  const out = await open(writing, "wx");
  // Half a megabyte: on these machines a 2 GB object completes in about 1 s of system time through it, and in 2 to
  // 5 s through 8 MB (the copies in and out of a buffer that fits no cache).
  const buffer = Buffer.allocUnsafe(COPY_BUFFER_BYTES);
  const tags = [];
  let size = 0;
  try {
    for (const { number } of [...parts].sort((a, b) => a.number - b.number)) {
      const part = join(uploadDir, String(number));
      const ref = await readFile(`${part}.ref`, "utf8").then(JSON.parse, () => undefined);
      const range = ref ?? { file: part, start: 0, end: (await stat(part)).size };
      size += await copyRange(range.file, range.start, range.end, out, size, buffer);
      tags.push(Buffer.from(await readFile(`${part}.md5`, "utf8"), "hex"));
    }
  } catch (error) {
    await out.close();
    await removed(writing);
    throw error;
  }
  await out.close();
  await rename(writing, objectPath);
  const etag = `${createHash("md5").update(Buffer.concat(tags)).digest("hex")}-${parts.length}`;
  await this.putMetadata(bucket, key, new S3Object(bucket, key, null, headers).metadata, etag);
  await rm(uploadDir, { recursive: true });
  return { size, md5: etag };
};

const OBJECT_FILE = "._S3rver_object";

/** Every object key under `folder` (a key prefix ending in `/`, or ""), in any order. */
async function keysUnder(bucketPath, folder, keys = []) {
  const entries = await readdir(join(bucketPath, folder), { withFileTypes: true }).catch((error) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return [];
    throw error;
  });
  await Promise.all(
    entries.map((entry) => {
      const name = FilesystemStore.decodeKeyPath(entry.name);
      if (entry.isDirectory()) return keysUnder(bucketPath, `${folder}${name}/`, keys);
      if (entry.isFile() && name.endsWith(OBJECT_FILE)) keys.push(`${folder}${name.slice(0, -OBJECT_FILE.length)}`);
    }),
  );
  return keys;
}

store.listObjects = async function (bucket, { delimiter = "", startAfter = "", prefix = "", maxKeys = Infinity }) {
  const found = (await keysUnder(this.getBucketPath(bucket), prefix.slice(0, prefix.lastIndexOf("/") + 1))).filter((key) => key.startsWith(prefix));
  // With a delimiter, the keys that have it past the prefix are rolled up into their common prefix.
  const rolled = new Set();
  const keys = [];
  for (const key of found) {
    const at = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
    if (at === -1) keys.push(key);
    else rolled.add(key.slice(0, at + delimiter.length));
  }
  const page = [...keys.map((key) => ({ key })), ...[...rolled].map((common) => ({ common }))]
    .map((entry) => ({ ...entry, name: entry.key ?? entry.common }))
    .filter((entry) => entry.name > startAfter)
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  const taken = page.slice(0, maxKeys);
  const listed = taken.filter((entry) => entry.key !== undefined).map((entry) => entry.key);
  const metadata = await Promise.all(
    listed.map((key) =>
      this.getMetadata(bucket, key).catch((error) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      }),
    ),
  );
  return {
    objects: listed.flatMap((key, i) => (metadata[i] ? [new S3Object(bucket, key, null, metadata[i])] : [])),
    commonPrefixes: taken.filter((entry) => entry.common !== undefined).map((entry) => entry.common),
    isTruncated: page.length > taken.length,
  };
};

// Every request reads its bucket's CORS configuration and checks the bucket: both change only through this store.
const buckets = new Map();
const configs = new Map();
store.getBucket = async function (bucket) {
  if (!buckets.has(bucket)) buckets.set(bucket, await original.getBucket.call(this, bucket));
  return buckets.get(bucket);
};
for (const name of ["putBucket", "deleteBucket"]) {
  const write = store[name];
  store[name] = async function (bucket, ...rest) {
    buckets.delete(bucket);
    configs.clear();
    try {
      return await write.call(this, bucket, ...rest);
    } finally {
      buckets.delete(bucket);
    }
  };
}
store.getSubresource = async function (bucket, key, type) {
  if (key) return original.getSubresource.call(this, bucket, key, type);
  const path = this.getResourcePath(bucket, key, `${type}.xml`);
  if (!configs.has(path)) configs.set(path, await original.getSubresource.call(this, bucket, key, type));
  return configs.get(path);
};
for (const name of ["putSubresource", "deleteSubresource"]) {
  const write = store[name];
  store[name] = async function (...args) {
    configs.clear();
    try {
      return await write.call(this, ...args);
    } finally {
      configs.clear();
    }
  };
}

const reset = store.reset;
store.reset = function () {
  buckets.clear();
  configs.clear();
  return reset.call(this);
};

/** Keys with a conditional write under way. */
const writingIfAbsent = new Set();
const plainPut = objectController.putObject;
objectController.putObject = async function (ctx) {
  if (ctx.headers["if-none-match"] !== "*") return plainPut(ctx);
  const id = `${ctx.params.bucket}/${ctx.params.key}`;
  const refuse = async (error) => {
    // The body is read and dropped first, so the connection stays usable for the client's next request.
    for await (const _ of ctx.req);
    throw error;
  };
  if (writingIfAbsent.has(id)) {
    const conflict = new S3Error("ConditionalRequestConflict", "A conflicting conditional operation is currently in progress against this resource. Please try again.");
    conflict.status = 409;
    conflict.expose = true;
    return refuse(conflict);
  }
  writingIfAbsent.add(id);
  try {
    if (await ctx.store.existsObject(ctx.params.bucket, ctx.params.key))
      return await refuse(new S3Error("PreconditionFailed", "At least one of the pre-conditions you specified did not hold", { Condition: "If-None-Match" }));
    return await plainPut(ctx);
  } finally {
    writingIfAbsent.delete(id);
  }
};
