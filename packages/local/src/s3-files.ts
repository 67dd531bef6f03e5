/**
 * How the local S3 (s3rver's filesystem store, started by s3-process.mjs) keeps an object on disk: the one place that
 * knows it. An object `KEY` of `BUCKET` is `DIR/BUCKET/<KEY's folders>/<name>._S3rver_object`, with its headers in
 * `._S3rver_metadata.json` and its ETag (the MD5 of its bytes, or a multipart upload's tag: s3-store.mjs) in `._S3rver_object.md5`.
 * The command line owns that folder, so it may put a reused store there and take its files out directly, by hard
 * link, instead of a request and an MD5 of every byte each (docs/decisions.md#reused-assets-cost-a-listing-not-a-request-each):
 * the SDK then reads what a PUT would have stored. s3-process.mjs never writes through a linked file.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { constants, copyFile, link, mkdir, readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { mapWithLimit } from "@storyboard/core/render/concurrency";

/** The object's file, its headers and its ETag, in the local S3's folder `dir`. */
export function s3ObjectFiles(dir: string, bucket: string, key: string) {
  const parts = key.split("/");
  const base = join(dir, bucket, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_`);
  return { object: `${base}object`, metadata: `${base}metadata.json`, md5: `${base}object.md5` };
}

/** An ETag as S3 gives it: a single PUT's MD5 (32 hex digits), or a multipart upload's MD5 of its parts' tags and their count (`…-3`). */
export const isEtag = (tag: string | undefined): tag is string => /^[0-9a-f]{32}(-[1-9]\d*)?$/.test(tag ?? "");

/** The MD5 of a file's bytes, read as a stream. */
export async function md5OfFile(path: string): Promise<string> {
  const hash = createHash("md5");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/**
 * Puts a file (linked; copied across file systems) or bytes in the local S3 as `key` of `bucket`, as a PUT with
 * `contentType` would have stored them: the bytes, their headers and their ETag (`md5` when known, else their MD5).
 * Headers, and an empty object's bytes and ETag, are links to one file per content (s3-store.mjs never writes an
 * object's file in place): creating a file costs this file system twenty times a link. The bucket must exist.
 */
export async function placeObject(
  dir: string,
  bucket: string,
  key: string,
  from: ({ file: string } | { bytes: Uint8Array }) & { contentType: string; md5?: string },
) {
  const files = s3ObjectFiles(dir, bucket, key);
  await mkdir(dirname(files.object), { recursive: true });
  const shared = (content: string | Uint8Array, at: string) => linkShared(join(dir, bucket), content, at);
  const empty = "bytes" in from && from.bytes.length === 0;
  if ("file" in from) await linkOrCopy(from.file, files.object);
  else if (empty) await shared(from.bytes, files.object);
  else await writeNew(files.object, from.bytes);
  // The headers a PUT stores: s3rver keeps the content type (and no other header the SDK sends here).
  await shared(JSON.stringify({ "content-type": from.contentType }, null, 2), files.metadata);
  const md5 = isEtag(from.md5)
    ? from.md5
    : "file" in from
      ? await md5OfFile(from.file)
      : createHash("md5").update(from.bytes).digest("hex");
  await (empty ? shared(md5, files.md5) : writeNew(files.md5, md5));
}

/** A new file at `path` (never written through a file linked there). */
async function writeNew(path: string, content: string | Uint8Array) {
  // Created where nothing is (a seeding's every file): a removal first would fail, at a thrown error's cost, each time.
  if (await isNew(() => writeFile(path, content, { flag: "wx" }))) return;
  await removed(path);
  await writeFile(path, content, { flag: "wx" });
}

/** Links `at` to the bucket folder's one file of `content` (`._S3rver_shared-…`, which no listing shows), made on first use. */
async function linkShared(bucketDir: string, content: string | Uint8Array, at: string) {
  const file = join(bucketDir, `._S3rver_shared-${createHash("sha256").update(content).digest("hex").slice(0, 32)}`);
  try {
    await linkOrCopy(file, at);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await writeFile(file, content, { flag: "wx" }).catch((failure: NodeJS.ErrnoException) => {
      if (failure.code !== "EEXIST") throw failure;
    });
    await linkOrCopy(file, at);
  }
}

/**
 * The local S3's file of `key` and its content type, when the file holds `size` bytes (the listing's length): to link
 * out of it instead of a GET. Undefined when it is not there as listed.
 */
export async function storedObject(dir: string, bucket: string, key: string, size: number) {
  const files = s3ObjectFiles(dir, bucket, key);
  const found = await stat(files.object).catch(() => undefined);
  if (!found?.isFile() || found.size !== size) return undefined;
  return { file: files.object, contentType: await storedContentType(files.metadata) };
}

/** The content type an object's headers file holds. */
async function storedContentType(metadataFile: string): Promise<string> {
  const headers = await readFile(metadataFile, "utf8").then(
    (text) => JSON.parse(text) as Record<string, string>,
    () => undefined,
  );
  // A PUT without a type is stored with none and served as s3rver's default.
  return headers?.["content-type"] ?? "binary/octet-stream";
}

/**
 * The objects the local S3 keeps under `folder` (a key prefix ending in `/`) of `bucket`, read from its folder: each
 * key, its file, content type and ETag (undefined where the store has not written one yet). What a listing and a
 * read of every object's headers would answer, without a request for each.
 */
export async function storedObjectsUnder(dir: string, bucket: string, folder: string) {
  const keys = await storedKeys(dir, bucket, folder);
  // A few at once: a store holds thousands, and a system may allow a process no more than 256 open files.
  return mapWithLimit(keys, READS_AT_ONCE, async (key) => {
    const files = s3ObjectFiles(dir, bucket, key);
    const [contentType, tag] = await Promise.all([storedContentType(files.metadata), readFile(files.md5, "utf8").catch(() => undefined)]);
    return { key, file: files.object, contentType, tag };
  });
}

const READS_AT_ONCE = 16;

const OBJECT_FILE = "._S3rver_object";

/** The keys of the objects the local S3 keeps under `folder` (a key prefix ending in `/`) of `bucket`, from its folder. */
export async function storedKeys(dir: string, bucket: string, folder: string): Promise<string[]> {
  return keysUnder(join(dir, bucket), folder);
}

/** As s3-store.mjs lists a prefix for the local S3 itself (that file runs without the TypeScript loader). */
async function keysUnder(bucketDir: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(bucketDir, folder), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const nested = await Promise.all(
    entries.map((entry) => {
      if (entry.isDirectory()) return keysUnder(bucketDir, `${folder}${entry.name}/`);
      return entry.isFile() && entry.name.endsWith(OBJECT_FILE) ? [`${folder}${entry.name.slice(0, -OBJECT_FILE.length)}`] : [];
    }),
  );
  return nested.flat();
}

/** A hard link from `from` to `to` (replacing any file there); a copy (a clone where the file system has them) across file systems. */
export async function linkOrCopy(from: string, to: string) {
  try {
    if (await isNew(() => link(from, to))) return;
    await removed(to);
    await link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV" && (error as NodeJS.ErrnoException).code !== "EPERM") throw error;
    await removed(to);
    await copyFile(from, to, constants.COPYFILE_FICLONE);
  }
}

/** Runs `create`, which fails with EEXIST where a file is: true when it created one, false when one was there. */
async function isNew(create: () => Promise<unknown>): Promise<boolean> {
  try {
    await create();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

const removed = (path: string) =>
  unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
