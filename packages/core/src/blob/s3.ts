import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { config, localClientOptions } from "../config";

let client: S3Client | undefined;
/** Created on first use so the environment of the process is read then. */
export const s3 = () =>
  (client ??= withUnsignedPayloads(
    new S3Client({
      ...localClientOptions(config.endpoints.s3),
      forcePathStyle: Boolean(config.endpoints.s3),
      // Without this, streamed bodies reach the local S3 with aws-chunked framing stored inside them.
      requestChecksumCalculation: "WHEN_REQUIRED",
    }),
  ));

/** The writes whose bodies the signature would otherwise hash: a part of a multipart upload is 64 MB held in memory. */
const BODY_WRITES = new Set(["PutObjectCommand", "UploadPartCommand"]);

/**
 * Signs the request without its body's SHA-256, as S3 allows (`x-amz-content-sha256: UNSIGNED-PAYLOAD`): the SDK
 * hashes every byte of a buffered body to sign it, a second of CPU for a feature's video, and TLS already
 * protects the bytes on their way (docs/decisions.md#uploads-sign-without-hashing-their-bytes).
 */
function withUnsignedPayloads(s3Client: S3Client): S3Client {
  s3Client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (BODY_WRITES.has(context.commandName ?? "") && request.headers) request.headers["x-amz-content-sha256"] = "UNSIGNED-PAYLOAD";
      return next(args);
    },
    { step: "build", name: "unsignedPayloads", override: true },
  );
  return s3Client;
}

export async function putObject(bucket: string, key: string, body: Uint8Array | string, contentType: string) {
  await s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}

/**
 * S3's conditional write (If-None-Match: *): puts the object only where the key holds none. False when one was
 * there (412), or when another conditional write of the key was under way and won (409): either way the key
 * holds an object that this call did not write.
 */
export async function putObjectIfAbsent(bucket: string, key: string, body: Uint8Array | string, contentType: string): Promise<boolean> {
  try {
    await s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, IfNoneMatch: "*" }));
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 412 || status === 409) return false;
    throw error;
  }
}

export async function getObjectBytes(bucket: string, key: string): Promise<Uint8Array> {
  const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return out.Body!.transformToByteArray();
}

/**
 * Streams a file to S3, never holding it in memory: one PutObject when it is smaller than a part, otherwise a
 * multipart upload (a feature's project zip with its stems passes PutObject's 5 GB), aborted if it fails.
 */
export async function uploadFile(bucket: string, key: string, path: string, contentType: string, partBytes = UPLOAD_PART_BYTES) {
  const { size } = await stat(path);
  if (size <= partBytes) {
    await s3().send(
      new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(path), ContentLength: size, ContentType: contentType }),
    );
    return;
  }
  await new Upload({
    client: s3(),
    params: { Bucket: bucket, Key: key, Body: createReadStream(path), ContentType: contentType },
    partSize: partBytes,
    queueSize: UPLOAD_PARTS_AT_ONCE,
  }).done();
}

/** Streams bytes of unknown length to S3 as they are made: a multipart upload once they pass a part, aborted if they fail. */
export async function uploadStream(bucket: string, key: string, body: Readable, contentType: string, partBytes = UPLOAD_PART_BYTES) {
  await new Upload({
    client: s3(),
    params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
    partSize: partBytes,
    queueSize: UPLOAD_PARTS_AT_ONCE,
  }).done();
}

/** Multipart uploads' part (S3's least is 5 MB): S3 allows 10,000, so files up to 640 GB; each part in flight is held in memory. */
export const UPLOAD_PART_BYTES = 64 * 1024 * 1024;
const UPLOAD_PARTS_AT_ONCE = 2;

/** Streams an object to a file. */
export async function downloadFile(bucket: string, key: string, path: string) {
  const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  await pipeline(out.Body as Readable, createWriteStream(path));
}

/** The object's entity tag: the MD5 of its bytes for a single-part upload, so the same bytes have the same tag. */
export async function objectTag(bucket: string, key: string): Promise<string> {
  const out = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  return (out.ETag ?? "").replace(/"/g, "");
}

/** Copies an object inside S3 (no bytes through this process); false when the source does not exist. */
export async function copyObject(bucket: string, from: string, to: string): Promise<boolean> {
  try {
    await s3().send(
      new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${encodeURIComponent(from).replace(/%2F/g, "/")}` }),
    );
    return true;
  } catch (error) {
    if (isMissingObject(error)) return false;
    throw error;
  }
}

/** Whether an S3 call failed because the object is not there (a GET's NoSuchKey, a HEAD's or a copy's 404). */
export function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
}

export async function getObjectJson<T>(bucket: string, key: string): Promise<T> {
  return JSON.parse(Buffer.from(await getObjectBytes(bucket, key)).toString("utf8")) as T;
}

export async function deleteKeys(bucket: string, keys: string[]) {
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    if (chunk.length) await s3().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: chunk.map((Key) => ({ Key })) } }));
  }
}

/** A listed object: its key, ETag (quotes removed, as `objectTag` answers it) and length. */
export interface ListedObject {
  key: string;
  tag: string;
  size: number;
}

/** Every object under `prefix` with its ETag and length: a page per 1,000 objects instead of a HeadObject each. */
export async function listObjects(bucket: string, prefix: string): Promise<ListedObject[]> {
  const objects: ListedObject[] = [];
  let token: string | undefined;
  do {
    const out = await s3().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const o of out.Contents ?? []) if (o.Key) objects.push({ key: o.Key, tag: (o.ETag ?? "").replace(/"/g, ""), size: o.Size ?? 0 });
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

/** Every object in the folders that hold `keys`: one listing per folder (a page per 1,000) instead of a HeadObject per key. */
export async function listFoldersOf(bucket: string, keys: string[]): Promise<ListedObject[]> {
  const folders = [...new Set(keys.map((k) => k.slice(0, k.lastIndexOf("/") + 1)))];
  return (await Promise.all(folders.map((folder) => listObjects(bucket, folder)))).flat();
}

export async function listKeys(bucket: string, prefix: string): Promise<string[]> {
  return (await listObjects(bucket, prefix)).map((o) => o.key);
}

export async function deletePrefix(bucket: string, prefix: string) {
  await deleteKeys(bucket, await listKeys(bucket, prefix));
}

/** Object keys of S3 events are URL-encoded on AWS but not by the local S3: decode defensively. */
export function decodeEventKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, " "));
  } catch {
    return key;
  }
}
