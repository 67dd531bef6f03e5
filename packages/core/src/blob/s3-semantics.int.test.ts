/**
 * What the product relies on of S3, checked against the local S3 (packages/local's s3-store.mjs): a write if
 * absent never replaces an object, a copy and a copied part keep their bytes, a multipart object is tagged as S3 tags it, a listing is in key order, and many
 * short ranges are read in few requests (s3-ranges.ts).
 */
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  ListObjectsV2Command,
  UploadPartCommand,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { config } from "../config";
import { mapWithLimit } from "../render/concurrency";
import { deleteKeys, getObjectBytes, listObjects, objectTag, putObject, putObjectIfAbsent, s3, uploadFile } from "./s3";
import { planWindows, rangeReader } from "./s3-ranges";

async function fileOf(bytes: Uint8Array): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), "s3-semantics-")), "body.bin");
  await writeFile(path, bytes);
  return path;
}

describe("S3 as the product uses it", () => {
  it("writes if absent: a kept object is never replaced, and of two conditional writes at once exactly one lands", async () => {
    const bucket = config.mediaBucket;
    const [first, second] = [randomBytes(2000), randomBytes(3000)];
    expect(await putObjectIfAbsent(bucket, "probe/if-absent/one.bin", first, "audio/wav")).toBe(true);
    expect(await putObjectIfAbsent(bucket, "probe/if-absent/one.bin", second, "audio/wav")).toBe(false);
    expect(Buffer.from(await getObjectBytes(bucket, "probe/if-absent/one.bin")).equals(first)).toBe(true);
    // The refused write's body was read: the next request on the connection is answered.
    expect(await putObjectIfAbsent(bucket, "probe/if-absent/two.bin", second, "audio/wav")).toBe(true);
    const racing = await Promise.all([first, second, first, second].map((body) => putObjectIfAbsent(bucket, "probe/if-absent/raced.bin", body, "audio/wav")));
    expect(racing.filter(Boolean)).toHaveLength(1);
    const kept = racing.findIndex(Boolean) % 2 === 0 ? first : second;
    expect(Buffer.from(await getObjectBytes(bucket, "probe/if-absent/raced.bin")).equals(kept)).toBe(true);
    await deleteKeys(bucket, ["probe/if-absent/one.bin", "probe/if-absent/two.bin", "probe/if-absent/raced.bin"]);
  });

  it("signs a write without hashing its bytes, and keeps them as sent", async () => {
    const bucket = config.mediaBucket;
    const signed: Record<string, string> = {};
    // Seen as sent: the deserialize step runs after the request is signed.
    s3().middlewareStack.add(
      (next, context) => async (args) => {
        const headers = (args.request as { headers: Record<string, string> }).headers;
        signed[context.commandName ?? ""] = headers["x-amz-content-sha256"];
        return next(args);
      },
      { step: "deserialize", name: "probeSignedPayload", override: true },
    );
    try {
      const body = randomBytes(7 * 1024 * 1024);
      await putObject(bucket, "probe/unsigned/one.bin", body, "application/octet-stream");
      const file = await fileOf(body);
      await uploadFile(bucket, "probe/unsigned/parts.bin", file, "application/octet-stream", 5 * 1024 * 1024);
      await rm(dirname(file), { recursive: true });
      expect(signed).toMatchObject({ PutObjectCommand: "UNSIGNED-PAYLOAD", UploadPartCommand: "UNSIGNED-PAYLOAD" });
      for (const key of ["probe/unsigned/one.bin", "probe/unsigned/parts.bin"]) expect(Buffer.from(await getObjectBytes(bucket, key)).equals(body)).toBe(true);
      await deleteKeys(bucket, ["probe/unsigned/one.bin", "probe/unsigned/parts.bin"]);
    } finally {
      s3().middlewareStack.remove("probeSignedPayload");
    }
  });

  it("keeps a copy's bytes and a copied part's when the source is written again or deleted, and tags a multipart object as S3 does", async () => {
    const bucket = config.mediaBucket;
    const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest();
    const [first, second, newer] = [randomBytes(6 * 1024 * 1024), randomBytes(1000), randomBytes(300)];
    await putObject(bucket, "probe/copy/source.bin", first, "application/octet-stream");
    const sourceTag = await objectTag(bucket, "probe/copy/source.bin");
    // CopyObject over an object that had other bytes (and another tag), with new headers.
    await putObject(bucket, "probe/copy/copy.bin", second, "text/plain");
    await s3().send(
      new CopyObjectCommand({ Bucket: bucket, Key: "probe/copy/copy.bin", CopySource: `${bucket}/probe/copy/source.bin`, MetadataDirective: "REPLACE", ContentType: "image/png" }),
    );
    const { UploadId } = await s3().send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: "probe/copy/composed.bin", ContentType: "application/zip" }));
    const copied = await s3().send(
      new UploadPartCopyCommand({ Bucket: bucket, Key: "probe/copy/composed.bin", UploadId, PartNumber: 1, CopySource: `${bucket}/probe/copy/source.bin`, CopySourceRange: "bytes=100-5242979" }),
    );
    const sent = await s3().send(new UploadPartCommand({ Bucket: bucket, Key: "probe/copy/composed.bin", UploadId, PartNumber: 2, Body: second }));
    // The source changes before the upload completes: S3 copied the part's bytes when it was asked to.
    await putObject(bucket, "probe/copy/source.bin", newer, "application/octet-stream");
    const done = await s3().send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: "probe/copy/composed.bin",
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: copied.CopyPartResult!.ETag }, { PartNumber: 2, ETag: sent.ETag }] },
      }),
    );
    await deleteKeys(bucket, ["probe/copy/source.bin"]);
    expect(Buffer.from(await getObjectBytes(bucket, "probe/copy/copy.bin")).equals(first)).toBe(true);
    expect(await objectTag(bucket, "probe/copy/copy.bin")).toBe(sourceTag);
    const part1 = first.subarray(100, 5242980);
    expect(Buffer.from(await getObjectBytes(bucket, "probe/copy/composed.bin")).equals(Buffer.concat([part1, second]))).toBe(true);
    // S3's tag of a multipart object: the MD5 of its parts' binary tags, then the count.
    const partTags = [copied.CopyPartResult!.ETag!, sent.ETag!].map((t) => Buffer.from(t.replace(/"/g, ""), "hex"));
    expect(sent.ETag).toBe(`"${md5(second).toString("hex")}"`);
    expect(done.ETag).toBe(`"${createHash("md5").update(Buffer.concat(partTags)).digest("hex")}-2"`);
    expect(await objectTag(bucket, "probe/copy/composed.bin")).toBe(done.ETag!.replace(/"/g, ""));
    const listed = await listObjects(bucket, "probe/copy/");
    expect(listed.find((o) => o.key === "probe/copy/composed.bin")?.size).toBe(part1.length + second.length);
    // The same range of the same bytes copied again is tagged the same.
    await putObject(bucket, "probe/copy/source.bin", first, "application/octet-stream");
    const again = await s3().send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: "probe/copy/again.bin" }));
    const copiedAgain = await s3().send(
      new UploadPartCopyCommand({ Bucket: bucket, Key: "probe/copy/again.bin", UploadId: again.UploadId, PartNumber: 1, CopySource: `${bucket}/probe/copy/source.bin`, CopySourceRange: "bytes=100-5242979" }),
    );
    expect(copiedAgain.CopyPartResult!.ETag).toBe(copied.CopyPartResult!.ETag);
    await s3().send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: "probe/copy/again.bin",
        UploadId: again.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: copiedAgain.CopyPartResult!.ETag }] },
      }),
    );
    await deleteKeys(bucket, ["probe/copy/source.bin", "probe/copy/copy.bin", "probe/copy/composed.bin", "probe/copy/again.bin"]);
  });

  it("lists a folder of more than a page in key order, every key once", async () => {
    const keys = Array.from({ length: 1_050 }, (_, i) => `probe/many/${createHash("sha1").update(String(i)).digest("hex")}`);
    await mapWithLimit(keys, 16, (key) => putObject(config.mediaBucket, key, "x", "text/plain"));
    const listed = await listObjects(config.mediaBucket, "probe/many/");
    expect(listed.map((o) => o.key)).toEqual([...keys].sort());
    // With a delimiter, the keys under a deeper folder are one common prefix, in order with the keys beside it.
    await putObject(config.mediaBucket, "probe/many.txt", "x", "text/plain");
    const rolled = await s3().send(new ListObjectsV2Command({ Bucket: config.mediaBucket, Prefix: "probe/many", Delimiter: "/", MaxKeys: 1 }));
    expect([rolled.Contents?.map((o) => o.Key), rolled.CommonPrefixes, rolled.IsTruncated]).toEqual([["probe/many.txt"], undefined, true]);
    const next = await s3().send(
      new ListObjectsV2Command({ Bucket: config.mediaBucket, Prefix: "probe/many", Delimiter: "/", ContinuationToken: rolled.NextContinuationToken }),
    );
    expect([next.Contents, next.CommonPrefixes?.map((p) => p.Prefix), next.IsTruncated]).toEqual([undefined, ["probe/many/"], false]);
    await deleteKeys(config.mediaBucket, ["probe/many.txt"]);
    await deleteKeys(config.mediaBucket, keys);
  });

  it("reads many short ranges of an object in a few ranged GETs, each range's bytes as they are", async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const key = "probe/ranges/object.bin";
    await putObject(config.mediaBucket, key, bytes, "application/octet-stream");
    // Entries of a zip: short ranges with headers between them, one far ahead, one going back, one empty.
    const ranges: [number, number][] = [
      ...Array.from({ length: 300 }, (_, i) => [i * 5000 + 100, i * 5000 + 4900] as [number, number]),
      [2_900_000, 2_900_010],
      [10, 20],
      [5000, 5000],
    ];
    const limits = { windowBytes: 1024 * 1024, gapBytes: 64 * 1024, heldWindows: 2 };
    const reader = rangeReader(config.mediaBucket, key, ranges, limits);
    const read = await Promise.all(ranges.map((_, i) => reader.read(i)));
    ranges.forEach(([from, to], i) => expect(Buffer.from(read[i]).equals(bytes.subarray(from, to))).toBe(true));
    expect(reader.requests).toBe(planWindows(ranges, limits).windows.length);
    // The one behind joins the first window, 1.5 MB of ranges take two windows of 1 MB, and the far one its own:
    // 3 requests for 303 ranges.
    expect(reader.requests).toBe(3);
    await deleteKeys(config.mediaBucket, [key]);
  });
});
