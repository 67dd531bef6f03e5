/** composeObject against the local S3: copied ranges (UploadPartCopy), short ranges read, new bytes and file ranges, in order. */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { config } from "../config";
import { getObjectBytes, objectTag, putObject } from "./s3";
import { composeObject, MIN_PART_BYTES } from "./s3-compose";

const pattern = (seed: number, n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * seed + (i >> 9)) & 0xff));

it("writes runs of new bytes, file ranges and ranges of a source object as one object", async () => {
  const dir = mkdtempSync(join(tmpdir(), "s3-compose-"));
  try {
    const source = pattern(7, 2 * MIN_PART_BYTES + 4321);
    const sourceKey = `test/compose/${randomUUID()}/old.zip`;
    await putObject(config.mediaBucket, sourceKey, source, "application/zip");
    const local = pattern(13, 70_000);
    const path = join(dir, "local.bin");
    writeFileSync(path, local);
    const big = MIN_PART_BYTES + 1000;
    const runs = [
      { bytes: Buffer.from("head") },
      // Long: topped up from its head into the pending part, the rest copied inside S3.
      { copy: [10, 10 + big] as [number, number] },
      { file: path, start: 100, end: 60_000 },
      // Short: read.
      { copy: [5, 505] as [number, number] },
      // Long enough only with what waits before it: read whole.
      { copy: [0, MIN_PART_BYTES + 10] as [number, number] },
      { copy: [MIN_PART_BYTES, source.length] as [number, number] },
      { bytes: Buffer.from("tail") },
    ];
    const key = `test/compose/${randomUUID()}/new.zip`;
    const result = await composeObject(config.mediaBucket, key, runs, { source: sourceKey, contentType: "application/zip" });
    const expected = Buffer.concat([
      Buffer.from("head"),
      source.subarray(10, 10 + big),
      local.subarray(100, 60_000),
      source.subarray(5, 505),
      source.subarray(0, MIN_PART_BYTES + 10),
      source.subarray(MIN_PART_BYTES),
      Buffer.from("tail"),
    ]);
    expect(Buffer.from(await getObjectBytes(config.mediaBucket, key)).equals(expected)).toBe(true);
    expect(result.copiedBytes).toBeGreaterThan(0);
    expect(result.copiedBytes + result.sentBytes).toBe(expected.length);
    expect(await objectTag(config.mediaBucket, key)).toBe(result.etag);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
