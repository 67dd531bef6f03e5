/**
 * A zip laid out as runs of bytes (docs/decisions.md#a-revised-zip-is-composed-from-the-previous-one): new
 * bytes, or ranges of the previous render's zip for what is unchanged. A zip built whole is the same plan with
 * no previous zip (every run new), so there is one writer. The plan comes with the zip's index: per entry its
 * identity, place and CRC, which the next render composes from.
 */
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { crc32, deflateRawSync } from "node:zlib";
import { centralDirectory, crc32Combine, dosDateTime, fileCrc, localHeader, type ZipMethod, type ZipRecord } from "./zip-format";

/** Bytes of the zip being made: new ones, part of a local file, or a range [start, end) of the previous zip. */
export type ZipRun = { bytes: Uint8Array } | { file: string; start: number; end: number } | { copy: [number, number] };

/** A stem's piece as it sits in the stem entry's data (after the WAV header). */
export interface StemPieceIndex {
  key: string;
  /** Byte offset in the entry's data. */
  offset: number;
  length: number;
  crc: number;
}

export interface ZipIndexEntry extends ZipRecord {
  /** Same name and identity: the same bytes (an object's ETag, a text's hash); absent, never reused. */
  identity?: string;
  headerLength: number;
  pieces?: StemPieceIndex[];
}

export interface ZipIndex {
  version: 1;
  /** The zip's S3 key and ETag: the index describes that object only while its ETag is this. */
  zipKey: string;
  etag: string;
  size: number;
  entries: ZipIndexEntry[];
  /** When composed: the zip it was composed from and the bytes copied from it. */
  composedFrom?: string;
  copiedBytes?: number;
}

/** A stem's piece to write: the previous zip's bytes when its key is there, else `file` [start, end) (decoded PCM). */
export interface StemPieceInput {
  key: string;
  file?: { path: string; start: number; end: number };
}

export type ZipEntryInput = { name: string; identity?: string } & (
  | { text: string }
  | { path: string }
  | { stem: { header: Uint8Array; pieces: StemPieceInput[] } }
);

export interface ZipPlan {
  runs: ZipRun[];
  size: number;
  entries: ZipIndexEntry[];
  /** Bytes taken from the previous zip. */
  copiedBytes: number;
}

const STORED = /\.(jpe?g|png|webp|gif|mp3|m4a|aac|mp4|ogg|opus|zip|wav|pdf)$/i;
const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function fileLength(path: string) {
  const handle = await open(path, "r");
  try {
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

/** Entries of the previous zip by name and by identity (a renamed entry is found by its identity). */
function previousOf(index: ZipIndex | undefined) {
  const byName = new Map<string, ZipIndexEntry>();
  const byIdentity = new Map<string, ZipIndexEntry>();
  for (const e of index?.entries ?? []) {
    byName.set(e.name, e);
    if (e.identity) byIdentity.set(e.identity, e);
  }
  return { byName, byIdentity };
}

const dataStart = (e: ZipIndexEntry) => e.headerOffset + e.headerLength;

/**
 * Lays out the zip: each entry copied whole from `previous` when its name and identity are unchanged, its data
 * copied under a new header when only its name changed, a stem from its header and its pieces (the previous
 * stem's where their keys match), the rest new; then the central directory. `zip64` forces ZIP64 records.
 */
export async function planZip(inputs: ZipEntryInput[], options: { modified: Date; previous?: ZipIndex; zip64?: boolean }): Promise<ZipPlan> {
  const { byName, byIdentity } = previousOf(options.previous);
  const names = new Set<string>();
  const runs: ZipRun[] = [];
  const entries: ZipIndexEntry[] = [];
  const time = dosDateTime(options.modified);
  const zip64 = Boolean(options.zip64);
  let offset = 0;
  let copiedBytes = 0;
  const push = (run: ZipRun) => {
    const last = runs.at(-1);
    if ("copy" in run) {
      copiedBytes += run.copy[1] - run.copy[0];
      // Entries and pieces that sat together in the previous zip are one range.
      if (last && "copy" in last && last.copy[1] === run.copy[0]) {
        // A new run, not the last one changed: an entry's runs are counted after they are pushed.
        runs[runs.length - 1] = { copy: [last.copy[0], run.copy[1]] };
        return;
      }
    }
    runs.push(run);
  };
  const runLength = (run: ZipRun) => ("bytes" in run ? run.bytes.length : "copy" in run ? run.copy[1] - run.copy[0] : run.end - run.start);

  for (const input of inputs) {
    if (names.has(input.name)) throw new Error(`Duplicate archive entry: ${input.name}`);
    names.add(input.name);
    const textBytes = "text" in input ? Buffer.from(input.text, "utf8") : undefined;
    const identity = input.identity ?? (textBytes ? hashOf(textBytes) : "stem" in input ? stemIdentity(input.stem) : undefined);
    const same = identity ? byName.get(input.name) : undefined;
    if (same && same.identity === identity) {
      // Unchanged: its local header and data, verbatim.
      entries.push({ ...same, headerOffset: offset });
      push({ copy: [same.headerOffset, dataStart(same) + same.dataLength] });
      offset += same.headerLength + same.dataLength;
      continue;
    }
    const moved = identity ? byIdentity.get(identity) : undefined;
    let record: Omit<ZipRecord, "headerOffset" | "name">;
    let data: ZipRun[];
    let pieces: StemPieceIndex[] | undefined;
    if (moved && !("stem" in input)) {
      record = { method: moved.method, crc: moved.crc, size: moved.size, dataLength: moved.dataLength, ...time };
      data = [{ copy: [dataStart(moved), dataStart(moved) + moved.dataLength] }];
    } else if ("text" in input) {
      const textBytes = Buffer.from(input.text, "utf8");
      const method: ZipMethod = STORED.test(input.name) ? 0 : 8;
      const stored = method ? deflateRawSync(textBytes, { level: 6 }) : textBytes;
      record = { method, crc: crc32(textBytes) >>> 0, size: textBytes.length, dataLength: stored.length, ...time };
      data = [{ bytes: stored }];
    } else if ("path" in input) {
      const size = await fileLength(input.path);
      record = { method: 0, crc: await fileCrc(input.path), size, dataLength: size, ...time };
      data = [{ file: input.path, start: 0, end: size }];
    } else {
      ({ record, data, pieces } = await stemData(input.stem, byName.get(input.name), time));
    }
    const header = localHeader({ name: input.name, ...record }, zip64);
    entries.push({ name: input.name, ...record, headerOffset: offset, headerLength: header.length, ...(identity ? { identity } : {}), ...(pieces ? { pieces } : {}) });
    const length = data.reduce((n, r) => n + runLength(r), 0);
    push({ bytes: header });
    for (const run of data) push(run);
    offset += header.length + length;
  }
  const directory = centralDirectory(entries, offset, zip64);
  runs.push({ bytes: directory });
  return { runs, size: offset + directory.length, entries, copiedBytes };
}

/** A stem is the same when its header and its pieces' keys are (the keys name the pieces' samples). */
const stemIdentity = (stem: { header: Uint8Array; pieces: StemPieceInput[] }) =>
  hashOf(Buffer.concat([stem.header, Buffer.from(stem.pieces.map((p) => p.key).join("\n"))]));

async function stemData(stem: { header: Uint8Array; pieces: StemPieceInput[] }, previous: ZipIndexEntry | undefined, time: { dosTime: number; dosDate: number }) {
  const old = new Map((previous?.pieces ?? []).map((p) => [p.key, p]));
  const data: ZipRun[] = [{ bytes: stem.header }];
  let crc = crc32(stem.header) >>> 0;
  let length = stem.header.length;
  const pieces: StemPieceIndex[] = [];
  for (const piece of stem.pieces) {
    const kept = old.get(piece.key);
    let pieceCrc: number;
    let pieceLength: number;
    if (kept && previous) {
      pieceCrc = kept.crc;
      pieceLength = kept.length;
      data.push({ copy: [dataStart(previous) + kept.offset, dataStart(previous) + kept.offset + kept.length] });
    } else {
      if (!piece.file) throw new Error(`The stem piece ${piece.key} is in neither the previous zip nor a file.`);
      pieceCrc = await fileCrc(piece.file.path, piece.file.start, piece.file.end);
      pieceLength = piece.file.end - piece.file.start;
      data.push({ file: piece.file.path, start: piece.file.start, end: piece.file.end });
    }
    pieces.push({ key: piece.key, offset: length, length: pieceLength, crc: pieceCrc });
    crc = crc32Combine(crc, pieceCrc, pieceLength);
    length += pieceLength;
  }
  return { record: { method: 0 as const, crc, size: length, dataLength: length, ...time }, data, pieces };
}

/** The stem pieces the previous zip holds (they need no decoding). */
export function keptPieces(previous: ZipIndex | undefined, entryName: string): Map<string, number> {
  const entry = previous?.entries.find((e) => e.name === entryName);
  return new Map((entry?.pieces ?? []).map((p) => [p.key, p.length]));
}
