/**
 * The bytes of a zip's records (PKWARE APPNOTE 4.3): local headers, the central directory and its end, with
 * ZIP64 when a size or offset passes 4 GB or the entries pass 65,535 (a feature's zip with its stems does),
 * and CRC-32 arithmetic. media/zip-plan.ts lays a zip out with them; one writer for a zip built whole and
 * one composed from the previous render's (docs/decisions.md#a-revised-zip-is-composed-from-the-previous-one).
 */
import { createReadStream } from "node:fs";
import { crc32 } from "node:zlib";

/** Stored (media, already compressed or raw PCM) or deflated (text). */
export type ZipMethod = 0 | 8;

/** What a central directory record needs of an entry. */
export interface ZipRecord {
  name: string;
  method: ZipMethod;
  crc: number;
  /** Uncompressed length. */
  size: number;
  /** Stored length (compressed). */
  dataLength: number;
  headerOffset: number;
  /** The DOS date and time of its local header (the central record repeats them). */
  dosTime: number;
  dosDate: number;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const UTF8_NAMES = 0x0800;
/** Made by Unix (3), spec 4.5, so the external attributes below are read as a file's mode. */
const MADE_BY = (3 << 8) | 45;
const FILE_MODE = (0o100644 << 16) >>> 0;

/** A DOS date and time (two-second steps, local fields taken as UTC so a zip is the same on every machine). */
export function dosDateTime(date: Date) {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    dosTime: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    dosDate: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => extra.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return extra;
}

/** An entry's local header; with `zip64` (or sizes past 4 GB) its sizes are in a ZIP64 extra field. */
export function localHeader(e: Omit<ZipRecord, "headerOffset">, zip64: boolean): Buffer {
  const name = Buffer.from(e.name, "utf8");
  const big = zip64 || e.size >= MAX32 || e.dataLength >= MAX32;
  const extra = big ? zip64Extra([e.size, e.dataLength]) : Buffer.alloc(0);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(big ? 45 : 20, 4);
  h.writeUInt16LE(UTF8_NAMES, 6);
  h.writeUInt16LE(e.method, 8);
  h.writeUInt16LE(e.dosTime, 10);
  h.writeUInt16LE(e.dosDate, 12);
  h.writeUInt32LE(e.crc >>> 0, 14);
  h.writeUInt32LE(big ? MAX32 : e.dataLength, 18);
  h.writeUInt32LE(big ? MAX32 : e.size, 22);
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(extra.length, 28);
  return Buffer.concat([h, name, extra]);
}

function centralRecord(e: ZipRecord, zip64: boolean): Buffer {
  const name = Buffer.from(e.name, "utf8");
  const big = zip64 || e.size >= MAX32 || e.dataLength >= MAX32 || e.headerOffset >= MAX32;
  const extra = big ? zip64Extra([e.size, e.dataLength, e.headerOffset]) : Buffer.alloc(0);
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(MADE_BY, 4);
  h.writeUInt16LE(big ? 45 : 20, 6);
  h.writeUInt16LE(UTF8_NAMES, 8);
  h.writeUInt16LE(e.method, 10);
  h.writeUInt16LE(e.dosTime, 12);
  h.writeUInt16LE(e.dosDate, 14);
  h.writeUInt32LE(e.crc >>> 0, 16);
  h.writeUInt32LE(big ? MAX32 : e.dataLength, 20);
  h.writeUInt32LE(big ? MAX32 : e.size, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt16LE(extra.length, 30);
  h.writeUInt32LE(FILE_MODE, 38);
  h.writeUInt32LE(big ? MAX32 : e.headerOffset, 42);
  return Buffer.concat([h, name, extra]);
}

/** The central directory at `offset` and the end records after it (ZIP64's when forced or needed). */
export function centralDirectory(entries: ZipRecord[], offset: number, zip64: boolean): Buffer {
  const directory = Buffer.concat(entries.map((e) => centralRecord(e, zip64)));
  const big = zip64 || entries.length >= MAX16 || offset >= MAX32 || directory.length >= MAX32;
  const parts = [directory];
  if (big) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(MADE_BY, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(big ? MAX16 : entries.length, 8);
  end.writeUInt16LE(big ? MAX16 : entries.length, 10);
  end.writeUInt32LE(big ? MAX32 : directory.length, 12);
  end.writeUInt32LE(big ? MAX32 : offset, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/** CRC-32 of a file's bytes [start, end), read in chunks. */
export async function fileCrc(path: string, start = 0, end?: number): Promise<number> {
  let crc = 0;
  if (end !== undefined && end <= start) return crc;
  for await (const chunk of createReadStream(path, { start, end: end === undefined ? undefined : end - 1 }))
    crc = crc32(chunk as Buffer, crc);
  return crc >>> 0;
}

function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0; vector; vector >>>= 1, i++) if (vector & 1) sum ^= matrix[i];
  return sum >>> 0;
}

function gf2Square(square: Uint32Array, matrix: Uint32Array) {
  for (let n = 0; n < 32; n++) square[n] = gf2Times(matrix, matrix[n]);
}

/**
 * The CRC-32 of A then B from A's CRC, B's CRC and B's length (zlib's crc32_combine): a stem's CRC from its
 * pieces' without reading the pieces kept in the previous zip.
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320;
  for (let n = 1, row = 1; n < 32; n++, row = (row << 1) >>> 0) odd[n] = row;
  gf2Square(even, odd);
  gf2Square(odd, even);
  let crc = crcA >>> 0;
  let length = lengthB;
  for (;;) {
    gf2Square(even, odd);
    if (length % 2) crc = gf2Times(even, crc);
    length = Math.floor(length / 2);
    if (!length) break;
    gf2Square(odd, even);
    if (length % 2) crc = gf2Times(odd, crc);
    length = Math.floor(length / 2);
    if (!length) break;
  }
  return (crc ^ crcB) >>> 0;
}
