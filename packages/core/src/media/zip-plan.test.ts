import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { unzipSync } from "fflate";
import yauzl from "yauzl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFile } from "./archive";
import { crc32Combine } from "./zip-format";
import { planZip, type ZipEntryInput, type ZipIndex, type ZipPlan } from "./zip-plan";
import { fileRange, runsStream } from "./zip-runs";

let dir: string;
const bytes = (seed: number, n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * seed + (i >> 3)) & 0xff));
const modified = new Date("2026-11-27T06:00:00Z");

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "zip-plan-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, data: Uint8Array) {
  const path = join(dir, name);
  await writeFile(path, data);
  return path;
}

async function write(plan: ZipPlan, out: string, previous?: string) {
  await toFile(join(dir, out))(runsStream(plan.runs, previous ? fileRange(join(dir, previous)) : undefined));
  return join(dir, out);
}

const indexOf = (plan: ZipPlan, zipKey: string): ZipIndex => ({ version: 1, zipKey, etag: "e", size: plan.size, entries: plan.entries });

/** Every entry's name, CRC and bytes by yauzl, a reader independent of the writer and of fflate. */
function readWithYauzl(path: string): Promise<Map<string, { crc: number; bytes: Buffer }>> {
  return new Promise((resolve, reject) => {
    const found = new Map<string, { crc: number; bytes: Buffer }>();
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            found.set(entry.fileName, { crc: entry.crc32, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(found));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

const hasUnzip = existsSync("/usr/bin/unzip");

describe("crc32Combine", () => {
  it("gives the CRC of two byte runs joined from their CRCs and the second's length", () => {
    const a = bytes(7, 1000);
    const b = bytes(13, 77777);
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
  });
});

describe("planZip", () => {
  it("composes a revised zip from the previous one that equals, entry for entry, the zip built whole", async () => {
    const header = (n: number) => Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(40, n & 0xff)]);
    const pcm = {
      p1: await file("p1.pcm", bytes(3, 5000)),
      p2: await file("p2.pcm", bytes(5, 6000)),
      p3: await file("p3.pcm", bytes(9, 4000)),
      p4: await file("p4.pcm", bytes(19, 3000)),
    };
    const newer = { p3: await file("p3b.pcm", bytes(11, 4000)), p4: await file("p4b.pcm", bytes(17, 9000)) };
    const range = (path: string, n: number) => ({ path, start: 0, end: n });
    const images = [await file("a.png", bytes(2, 3000)), await file("b.png", bytes(4, 3000)), await file("c.png", bytes(6, 3000))];
    const before: ZipEntryInput[] = [
      { name: "images/0001-a.png", path: images[0], identity: "tag-a" },
      { name: "images/0002-b.png", path: images[1], identity: "tag-b" },
      { name: "captions.srt", text: "1\n00:00:00,000 --> 00:00:01,000\nHello\n" },
      { name: "screenplay.json", text: JSON.stringify({ title: "Old" }) },
      {
        name: "stems/dialogue.wav",
        stem: {
          header: header(18000),
          pieces: [
            { key: "k1", file: range(pcm.p1, 5000) },
            { key: "k2", file: range(pcm.p2, 6000) },
            { key: "k3", file: range(pcm.p3, 4000) },
            { key: "k4", file: range(pcm.p4, 3000) },
          ],
        },
      },
    ];
    const first = await planZip(before, { modified });
    await write(first, "old.zip");
    // The revision: a clip inserted first (later names renumbered), a text changed, two pieces kept, one changed and one lengthened.
    const after: ZipEntryInput[] = [
      { name: "images/0001-c.png", path: images[2], identity: "tag-c" },
      { name: "images/0002-a.png", path: images[0], identity: "tag-a" },
      { name: "images/0003-b.png", path: images[1], identity: "tag-b" },
      { name: "captions.srt", text: "1\n00:00:00,000 --> 00:00:01,000\nHello\n" },
      { name: "screenplay.json", text: JSON.stringify({ title: "New" }) },
      {
        name: "stems/dialogue.wav",
        stem: {
          header: header(24000),
          pieces: [
            { key: "k1", file: range(pcm.p1, 5000) },
            { key: "k2", file: range(pcm.p2, 6000) },
            { key: "k3b", file: range(newer.p3, 4000) },
            { key: "k4b", file: range(newer.p4, 9000) },
          ],
        },
      },
    ];
    const whole = await planZip(after, { modified });
    const wholeZip = await write(whole, "whole.zip");
    // Composed, the pieces kept in the old zip need no file: only the new ones are given.
    const composedInputs = after.map((e) =>
      "stem" in e ? { ...e, stem: { ...e.stem, pieces: e.stem.pieces.map((p) => (p.key === "k1" || p.key === "k2" ? { key: p.key } : p)) } } : e,
    );
    const composed = await planZip(composedInputs, { modified, previous: indexOf(first, "old.zip") });
    const composedZip = await write(composed, "composed.zip", "old.zip");

    expect(composed.copiedBytes).toBeGreaterThan(0);
    // The unchanged caption entry is copied verbatim (header and data), the renamed images' data under new headers.
    const captions = first.entries.find((e) => e.name === "captions.srt")!;
    expect(composed.runs.some((r) => "copy" in r && r.copy[0] <= captions.headerOffset && r.copy[1] >= captions.headerOffset + captions.headerLength + captions.dataLength)).toBe(true);
    const tagA = first.entries.find((e) => e.name === "images/0001-a.png")!;
    const aStart = tagA.headerOffset + tagA.headerLength;
    expect(composed.runs.some((r) => "copy" in r && r.copy[0] === aStart)).toBe(true);
    expect(composed.runs.some((r) => "file" in r && r.file === images[0])).toBe(false);
    expect(composed.runs.some((r) => "file" in r && (r.file === pcm.p1 || r.file === pcm.p2))).toBe(false);
    // The two kept pieces sat together in the old stem: one range.
    const oldStem = first.entries.find((e) => e.name === "stems/dialogue.wav")!;
    const stemData = oldStem.headerOffset + oldStem.headerLength;
    expect(composed.runs).toContainEqual({ copy: [stemData + 44, stemData + 44 + 11000] });

    const fromWhole = await readWithYauzl(wholeZip);
    const fromComposed = await readWithYauzl(composedZip);
    expect([...fromComposed.keys()]).toEqual(after.map((e) => e.name));
    for (const [name, entry] of fromWhole) {
      expect(fromComposed.get(name)!.bytes.equals(entry.bytes), name).toBe(true);
      expect(fromComposed.get(name)!.crc, name).toBe(entry.crc);
      expect(entry.crc, name).toBe(crc32(entry.bytes));
    }
    const stem = fromComposed.get("stems/dialogue.wav")!.bytes;
    expect(stem.equals(Buffer.concat([header(24000), bytes(3, 5000), bytes(5, 6000), bytes(11, 4000), bytes(17, 9000)]))).toBe(true);
    expect(composed.size).toBe((await readFile(composedZip)).length);
    expect(composed.entries.map((e) => ({ ...e }))).toEqual(whole.entries);
    expect((await readFile(composedZip)).equals(await readFile(wholeZip))).toBe(true);
    const fflated = unzipSync(new Uint8Array(await readFile(composedZip)));
    expect(Buffer.from(fflated["screenplay.json"]).toString()).toBe(JSON.stringify({ title: "New" }));
    if (hasUnzip) execFileSync("unzip", ["-tq", composedZip]);
  });

  it("writes ZIP64 records when forced, which independent readers accept, and composes from such a zip", async () => {
    const image = await file("z.png", bytes(21, 2000));
    const entries: ZipEntryInput[] = [
      { name: "images/0001-z.png", path: image, identity: "tag-z" },
      { name: "edit-list.json", text: JSON.stringify({ version: 2, clips: [] }) },
    ];
    const first = await planZip(entries, { modified, zip64: true });
    const zip64 = await write(first, "z64.zip");
    const raw = await readFile(zip64);
    expect(raw.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    expect((await readWithYauzl(zip64)).get("images/0001-z.png")!.bytes.equals(bytes(21, 2000))).toBe(true);
    expect(Object.keys(unzipSync(new Uint8Array(raw)))).toEqual(["images/0001-z.png", "edit-list.json"]);
    if (hasUnzip) execFileSync("unzip", ["-tq", zip64]);
    const next = await planZip([entries[0], { name: "edit-list.json", text: "{}" }], { modified, zip64: true, previous: indexOf(first, "z64.zip") });
    const composed = await write(next, "z64-next.zip", "z64.zip");
    expect((await readWithYauzl(composed)).get("edit-list.json")!.bytes.toString()).toBe("{}");
    if (hasUnzip) execFileSync("unzip", ["-tq", composed]);
  });

  it("refuses a stem piece that is neither in the previous zip nor given", async () => {
    await expect(planZip([{ name: "stems/x.wav", stem: { header: Buffer.alloc(44), pieces: [{ key: "gone" }] } }], { modified })).rejects.toThrow(/neither/);
  });
});
