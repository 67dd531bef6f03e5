/**
 * An object put straight into the local S3's folder (s3-files.ts, how the command line seeds a reused store)
 * reads back through the SDK as the same object PUT would have stored: bytes, content type, ETag, listing.
 * And a linked file is never written through: writing the key again leaves the file it was linked from alone,
 * and the objects that share its headers by links as they were.
 */
import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports";
import { placeObject, storedKeys, storedObject, storedObjectsUnder } from "./s3-files";
import { type StandIn, startS3 } from "./stand-ins";

const BUCKET = "media";
let dir: string;
let s3Dir: string;
let standIn: StandIn;
let client: S3Client;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "s3-files-"));
  s3Dir = join(dir, "s3");
  const port = await freePort();
  standIn = await startS3(port, s3Dir, [BUCKET], { from: [], to: () => {} });
  client = new S3Client({
    endpoint: standIn.url,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
});

afterAll(async () => {
  client?.destroy();
  await standIn?.stop();
  await rm(dir, { recursive: true, force: true });
});

const head = async (Key: string) => {
  const out = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key }));
  return { type: out.ContentType, tag: out.ETag, length: out.ContentLength };
};
const bytesOf = async (Key: string) =>
  Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key }))).Body!.transformToByteArray());

describe("an object placed in the local S3's folder", () => {
  it("reads, heads and lists as the same object a PUT stores, with the MD5 given or computed", async () => {
    const bytes = randomBytes(70_000);
    const file = join(dir, "frame.jpg");
    await writeFile(file, bytes);
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: "assets/u/s/image/put", Body: bytes, ContentType: "image/jpeg" }));
    const put = await head("assets/u/s/image/put");
    const md5 = put.tag!.replace(/"/g, "");
    await placeObject(s3Dir, BUCKET, "assets/u/s/image/computed", { file, contentType: "image/jpeg" });
    await placeObject(s3Dir, BUCKET, "assets/u/s/image/recorded", { file, contentType: "image/jpeg", md5 });
    await placeObject(s3Dir, BUCKET, "assets/u/s/facts/image/x~image~jpeg", {
      bytes: new Uint8Array(0),
      contentType: "application/octet-stream",
    });

    for (const key of ["assets/u/s/image/computed", "assets/u/s/image/recorded"]) {
      expect(await head(key)).toEqual(put);
      expect((await bytesOf(key)).equals(bytes)).toBe(true);
      // A ranged read (PlanBlocks' peek of a store kept before its facts) answers the range and the whole length.
      const ranged = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key, Range: "bytes=0-9" }));
      expect(Buffer.from(await ranged.Body!.transformToByteArray()).equals(bytes.subarray(0, 10))).toBe(true);
      expect(ranged.ContentRange).toBe(`bytes 0-9/${bytes.length}`);
    }
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "assets/u/s/" }));
    expect(listed.Contents?.map((o) => [o.Key, o.ETag, o.Size])).toEqual([
      ["assets/u/s/facts/image/x~image~jpeg", '"d41d8cd98f00b204e9800998ecf8427e"', 0],
      ["assets/u/s/image/computed", put.tag, bytes.length],
      ["assets/u/s/image/put", put.tag, bytes.length],
      ["assets/u/s/image/recorded", put.tag, bytes.length],
    ]);
    // The local S3's own file of an object, to link out of it, when it holds the listed length.
    expect(await storedObject(s3Dir, BUCKET, "assets/u/s/image/put", bytes.length)).toEqual({
      file: expect.stringMatching(/put\._S3rver_object$/),
      contentType: "image/jpeg",
    });
    expect(await storedObject(s3Dir, BUCKET, "assets/u/s/image/put", bytes.length - 1)).toBeUndefined();
    expect(await storedObject(s3Dir, BUCKET, "assets/u/s/image/none", 0)).toBeUndefined();
    // Read from the folder, the objects under a prefix are the listing's, with the tags and types S3 answers.
    const read = await storedObjectsUnder(s3Dir, BUCKET, "assets/u/s/");
    expect(read.map((o) => [o.key, `"${o.tag}"`, o.contentType]).sort()).toEqual([
      ["assets/u/s/facts/image/x~image~jpeg", '"d41d8cd98f00b204e9800998ecf8427e"', "application/octet-stream"],
      ["assets/u/s/image/computed", put.tag, "image/jpeg"],
      ["assets/u/s/image/put", put.tag, "image/jpeg"],
      ["assets/u/s/image/recorded", put.tag, "image/jpeg"],
    ]);
    expect((await storedKeys(s3Dir, BUCKET, "assets/u/s/image/")).sort()).toEqual([
      "assets/u/s/image/computed",
      "assets/u/s/image/put",
      "assets/u/s/image/recorded",
    ]);
    expect(await storedKeys(s3Dir, BUCKET, "assets/nobody/")).toEqual([]);
  });

  it("is never written through: a PUT or a copy onto its key leaves the file it was linked from as it was", async () => {
    const original = randomBytes(5_000);
    const file = join(dir, "line.wav");
    await writeFile(file, original);
    await placeObject(s3Dir, BUCKET, "assets/u/s/audio/linked", { file, contentType: "audio/wav" });
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: "assets/u/s/audio/linked", Body: "new bytes", ContentType: "text/plain" }),
    );
    expect(await bytesOf("assets/u/s/audio/linked")).toEqual(Buffer.from("new bytes"));
    expect((await readFile(file)).equals(original)).toBe(true);

    await placeObject(s3Dir, BUCKET, "assets/u/s/audio/linked", { file, contentType: "audio/wav" });
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: "other", Body: "copied", ContentType: "text/plain" }));
    await client.send(new CopyObjectCommand({ Bucket: BUCKET, Key: "assets/u/s/audio/linked", CopySource: `${BUCKET}/other` }));
    expect(await bytesOf("assets/u/s/audio/linked")).toEqual(Buffer.from("copied"));
    expect((await readFile(file)).equals(original)).toBe(true);
    // A copy from a missing object fails and leaves its target as it was, as on S3.
    await placeObject(s3Dir, BUCKET, "assets/u/s/audio/linked", { file, contentType: "audio/wav" });
    await expect(
      client.send(new CopyObjectCommand({ Bucket: BUCKET, Key: "assets/u/s/audio/linked", CopySource: `${BUCKET}/none` })),
    ).rejects.toThrow();
    expect((await bytesOf("assets/u/s/audio/linked")).equals(original)).toBe(true);
  });

  it("shares its headers and an empty object's bytes by links, and a write to one object leaves the others as they were", async () => {
    const empty = { bytes: new Uint8Array(0), contentType: "application/octet-stream" };
    const file = join(dir, "shared.wav");
    await writeFile(file, "RIFF");
    for (const key of ["facts/a", "facts/b", "facts/c"]) await placeObject(s3Dir, BUCKET, key, empty);
    await placeObject(s3Dir, BUCKET, "audio/a", { file, contentType: "audio/wav" });
    await placeObject(s3Dir, BUCKET, "audio/b", { file, contentType: "audio/wav" });
    const fact = await head("facts/c");
    const line = await head("audio/b");
    // A PUT over one, a copy over another, new headers on a third.
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: "facts/a", Body: "bytes now", ContentType: "text/plain" }));
    await client.send(new CopyObjectCommand({ Bucket: BUCKET, Key: "facts/b", CopySource: `${BUCKET}/facts/a` }));
    await client.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: "audio/a",
        CopySource: `${BUCKET}/audio/a`,
        MetadataDirective: "REPLACE",
        ContentType: "audio/x-wav",
      }),
    );
    expect([await head("facts/a"), await head("facts/b")]).toEqual([
      { type: "text/plain", tag: '"' + createHash("md5").update("bytes now").digest("hex") + '"', length: 9 },
      { type: "text/plain", tag: '"' + createHash("md5").update("bytes now").digest("hex") + '"', length: 9 },
    ]);
    expect((await head("audio/a")).type).toBe("audio/x-wav");
    expect([await head("facts/c"), await head("audio/b")]).toEqual([fact, line]);
    expect(fact).toEqual({ type: "application/octet-stream", tag: '"d41d8cd98f00b204e9800998ecf8427e"', length: 0 });
    expect(await bytesOf("audio/b")).toEqual(Buffer.from("RIFF"));
  });
});
