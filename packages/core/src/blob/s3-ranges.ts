/**
 * Many short ranges of one object read with few requests (docs/decisions.md#a-revised-zip-is-composed-from-the-previous-one):
 * ranges near one another share one ranged GET of the span that holds them, so the thousands of short entries
 * of a previous zip (renamed frames and lines, the frames a storyboard PDF draws) cost a few requests instead of
 * one each. Each window is read when it is first needed, with the next one read meanwhile, and let go once
 * every range in it has been taken (or when too many are held, the longest held first).
 */
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { s3 } from "./s3";

/** Bytes [start, end) of an object. */
export type ByteRange = [number, number];

export const RANGE_WINDOWS = {
  /** The most one GET reads. */
  windowBytes: 16 * 1024 * 1024,
  /** Bytes between two ranges read through rather than asked for apart. */
  gapBytes: 1024 * 1024,
  /** Windows held at most: one still needed by a range asked for much later is read again then. */
  heldWindows: 4,
};

/**
 * The windows the ranges are read in, and the window of each range (-1 for an empty one): the ranges sorted by
 * where they start, then cut into windows, so ranges asked for out of order (a frame that several blocks show
 * is one entry, read where it first was) still share a window.
 */
export function planWindows(ranges: ByteRange[], limits = RANGE_WINDOWS): { windows: ByteRange[]; windowOf: number[] } {
  const windows: ByteRange[] = [];
  const windowOf = ranges.map(() => -1);
  const order = ranges.flatMap(([from, to], i) => (to > from ? [i] : [])).sort((a, b) => ranges[a][0] - ranges[b][0]);
  for (const i of order) {
    const [from, to] = ranges[i];
    const last = windows.at(-1);
    if (last && from - last[1] <= limits.gapBytes && Math.max(to, last[1]) - last[0] <= limits.windowBytes) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
    windowOf[i] = windows.length - 1;
  }
  return { windows, windowOf };
}

/** Bytes [from, to) of an object, by one ranged GET. */
export async function getObjectRange(bucket: string, key: string, [from, to]: ByteRange): Promise<Uint8Array> {
  if (to <= from) return new Uint8Array(0);
  const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${from}-${to - 1}` }));
  const bytes = await out.Body!.transformToByteArray();
  if (bytes.length !== to - from) throw new Error(`s3://${bucket}/${key} answered ${bytes.length} bytes for bytes ${from}-${to - 1}`);
  return bytes;
}

/** A reader of `ranges` of one object: `read(i)` answers the bytes of `ranges[i]`, each range read once. */
export function rangeReader(bucket: string, key: string, ranges: ByteRange[], limits = RANGE_WINDOWS) {
  const { windows, windowOf } = planWindows(ranges, limits);
  const left = windows.map(() => 0);
  for (const w of windowOf) if (w >= 0) left[w]++;
  const held = new Map<number, Promise<Uint8Array>>();
  const fetch = (w: number) => {
    let bytes = held.get(w);
    if (!bytes) {
      bytes = getObjectRange(bucket, key, windows[w]);
      // Read ahead: its failure is answered to whoever asks for it, not left unhandled.
      bytes.catch(() => undefined);
      held.set(w, bytes);
      // The longest held goes first (a Map keeps the order windows were read in).
      for (const old of held.keys()) if (held.size > limits.heldWindows && old !== w) held.delete(old);
    }
    return bytes;
  };
  return {
    /** Requests this reader makes, when no window is let go before its last range is read. */
    requests: windows.length,
    async read(i: number): Promise<Uint8Array> {
      const w = windowOf[i];
      if (w < 0) return new Uint8Array(0);
      const bytes = fetch(w);
      if (w + 1 < windows.length && left[w + 1] > 0) fetch(w + 1);
      const window = await bytes;
      if (--left[w] === 0) held.delete(w);
      const [from, to] = ranges[i];
      return window.subarray(from - windows[w][0], to - windows[w][0]);
    },
  };
}
