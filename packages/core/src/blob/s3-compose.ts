/**
 * An object made of runs of bytes as one multipart upload
 * (docs/decisions.md#a-revised-zip-is-composed-from-the-previous-one): ranges of an existing object are copied
 * inside S3 (UploadPartCopy with a range) when they are long enough to be a part of their own, S3's least
 * being 5 MiB except for the last; short ranges are read (a ranged GET) and packed with the new bytes into
 * parts. So a revised render's zip moves through the task only where it changed.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { open } from "node:fs/promises";
import { s3 } from "./s3";
import { getObjectRange, rangeReader } from "./s3-ranges";

/** New bytes, a local file's bytes [start, end), or bytes [start, end) of the source object. */
export type ComposeRun = { bytes: Uint8Array } | { file: string; start: number; end: number } | { copy: [number, number] };

/** S3's least part (all but the last). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** New bytes are sent in parts of this size: 10,000 parts of it pass a feature's zip many times over. */
const NEW_PART_BYTES = 16 * 1024 * 1024;
/** S3's largest part, which a copied range is cut under. */
const MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;
const PARTS_AT_ONCE = 4;
/** A local file is read in chunks of this. */
const READ_BYTES = 8 * 1024 * 1024;

const copySource = (bucket: string, key: string) => `${bucket}/${encodeURIComponent(key).replace(/%2F/g, "/")}`;

/** Bytes moved by the upload: copied inside S3, and sent from this process (new, and short copies read). */
export interface ComposeResult {
  etag: string;
  copiedBytes: number;
  sentBytes: number;
}

/** Writes `runs` to `key` as one object; `source` is the object the copy runs read. Aborted on failure. */
export async function composeObject(bucket: string, key: string, runs: ComposeRun[], options: { source?: string; contentType: string }): Promise<ComposeResult> {
  const { UploadId } = await s3().send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: options.contentType }));
  const parts: { PartNumber: number; ETag: string }[] = [];
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  let copiedBytes = 0;
  let sentBytes = 0;
  const start = async (send: (PartNumber: number) => Promise<string | undefined>) => {
    while (inFlight.size >= PARTS_AT_ONCE) await Promise.race(inFlight);
    if (failure) throw failure;
    const PartNumber = parts.length + 1;
    const part = { PartNumber, ETag: "" };
    parts.push(part);
    const sending = send(PartNumber).then(
      (etag) => {
        part.ETag = etag ?? "";
      },
      (error: unknown) => {
        failure ??= error;
      },
    );
    const tracked = sending.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const Body = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    sentBytes += Body.length;
    await start(async (PartNumber) => (await s3().send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body }))).ETag);
  };
  const add = async (bytes: Uint8Array) => {
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= NEW_PART_BYTES) await flush();
  };
  const readSource = async (from: number, to: number) => {
    if (!options.source) throw new Error("The object copies from a source that was not given.");
    return getObjectRange(bucket, options.source, [from, to]);
  };
  // The short copies are read, nearby ones together (s3-ranges.ts): a zip's renamed entries are thousands of them.
  const isShort = ([from, to]: [number, number]) => to > from && to - from < MIN_PART_BYTES;
  const shortCopies = runs.flatMap((run) => ("copy" in run && isShort(run.copy) ? [run.copy] : []));
  const shortReader = options.source && shortCopies.length ? rangeReader(bucket, options.source, shortCopies) : undefined;
  let shortRead = 0;
  const copyRange = async (from: number, to: number) => {
    const count = Math.ceil((to - from) / MAX_PART_BYTES);
    const each = Math.ceil((to - from) / count);
    for (let at = from; at < to; at += each) {
      const range = `bytes=${at}-${Math.min(to, at + each) - 1}`;
      copiedBytes += Math.min(to, at + each) - at;
      await start(async (PartNumber) => {
        const out = await s3().send(
          new UploadPartCopyCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, CopySource: copySource(bucket, options.source!), CopySourceRange: range }),
        );
        return out.CopyPartResult?.ETag;
      });
    }
  };

  try {
    for (const run of runs) {
      if ("bytes" in run) await add(run.bytes);
      else if ("file" in run) await addFile(run.file, run.start, run.end, add);
      else {
        const to = run.copy[1];
        let from = run.copy[0];
        if (to - from >= MIN_PART_BYTES && options.source) {
          // The bytes waiting before it become a part of at least the least size, topped up from the range's head.
          const short = pendingBytes ? Math.max(0, MIN_PART_BYTES - pendingBytes) : 0;
          if (short && to - from - short < MIN_PART_BYTES) {
            await add(await readSource(from, to));
            continue;
          }
          if (short) {
            await add(await readSource(from, from + short));
            from += short;
          }
          await flush();
          await copyRange(from, to);
        } else if (isShort(run.copy) && shortReader) await add(await shortReader.read(shortRead++));
        else if (to > from) await add(await readSource(from, to));
      }
    }
    await flush();
    await Promise.all(inFlight);
    if (failure) throw failure;
    const done = await s3().send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
    );
    return { etag: (done.ETag ?? "").replace(/"/g, ""), copiedBytes, sentBytes };
  } catch (error) {
    await Promise.allSettled(inFlight);
    await s3().send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })).catch(() => undefined);
    throw error;
  }
}

async function addFile(path: string, start: number, end: number, add: (bytes: Uint8Array) => Promise<void>) {
  const handle = await open(path, "r");
  try {
    for (let at = start; at < end; ) {
      const buffer = Buffer.alloc(Math.min(READ_BYTES, end - at));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
      if (!bytesRead) throw new Error(`${path} ended before byte ${end}`);
      await add(buffer.subarray(0, bytesRead));
      at += bytesRead;
    }
  } finally {
    await handle.close();
  }
}
