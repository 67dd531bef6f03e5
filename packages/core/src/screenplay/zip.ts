import { Inflate } from "fflate";
import { AppError } from "../error";
import { notA } from "./errors";
import type { ScreenplayFormat } from "./types";

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
// Compressed input is fed in slices this big; DEFLATE expands at most ~1032×,
// so one slice can never produce more than ~17 MB before the limit is checked.
const SLICE = 16 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function centralDirectory(zip: Uint8Array, format: ScreenplayFormat): Entry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notA(format, "The zip archive is damaged (no central directory).");
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > zip.length || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) {
      throw notA(format, "The zip archive is damaged (bad central directory).");
    }
    const nameLength = view.getUint16(offset + 28, true);
    entries.push({
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localOffset: view.getUint32(offset + 42, true),
      name: new TextDecoder().decode(zip.subarray(offset + 46, offset + 46 + nameLength)),
    });
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

function inflateLimited(data: Uint8Array, limit: number, tooLarge: () => AppError): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > limit) throw tooLarge();
    chunks.push(chunk);
  });
  for (let start = 0; ; start += SLICE) {
    const last = start + SLICE >= data.length;
    inflater.push(data.subarray(start, start + SLICE), last);
    if (last) break;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * Reads one file out of a zip archive without trusting it: the declared size
 * is checked before inflating, and inflating stops as soon as the output
 * passes `limit` (a zip bomb can lie about its sizes).
 */
export function readZipEntry(zip: Uint8Array, name: string, limit: number, format: ScreenplayFormat): Uint8Array {
  const entry = centralDirectory(zip, format).find((e) => e.name === name);
  if (!entry) throw notA(format, `The archive has no ${name} inside.`);
  const tooLarge = () =>
    new AppError("payload_too_large", `This ${format} file unpacks to more than ${megabytes(limit)}, which is more than any screenplay needs.`);
  if (entry.size > limit || entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw tooLarge();
  if (entry.flags & 0x1) throw notA(format, "The archive is encrypted.");

  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const local = entry.localOffset;
  if (local + 30 > zip.length || view.getUint32(local, true) !== LOCAL_SIGNATURE) {
    throw notA(format, "The zip archive is damaged (bad local header).");
  }
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length < entry.compressedSize) throw notA(format, "The zip archive is truncated.");

  if (entry.method === 0) {
    if (data.length > limit) throw tooLarge();
    return data;
  }
  if (entry.method !== 8) throw notA(format, `The archive uses an unsupported compression method (${entry.method}).`);
  try {
    return inflateLimited(data, limit, tooLarge);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notA(format, "The zip archive is damaged (its data could not be decompressed).");
  }
}
