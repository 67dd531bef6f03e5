/**
 * The end of an MP4's sound (docs/decisions.md#a-master-in-chunks). An AAC track muxed from ADTS by stream
 * copy plays every frame to its end, the encoder's padding too, up to a frame past the mix; an encoder
 * writing the MP4 itself marks that padding off. The edit list's length says where the sound ends: set to
 * the mix's length, the video muxed from it is exactly as long as before.
 */
import { open } from "node:fs/promises";

/** The boxes inside [start, end) of `data`: type, where the box starts, its size. */
function* boxes(data: Uint8Array, start: number, end: number) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = start; i + 8 <= end; ) {
    const size = view.getUint32(i);
    if (size < 8 || i + size > end) throw new Error(`A malformed MP4 box at byte ${i}.`);
    yield { type: String.fromCharCode(...data.subarray(i + 4, i + 8)), at: i, size };
    i += size;
  }
}

function child(data: Uint8Array, box: { at: number; size: number }, type: string) {
  for (const b of boxes(data, box.at + 8, box.at + box.size)) if (b.type === type) return b;
  throw new Error(`An MP4 without the ${type} box this file needs.`);
}

/** Where the top-level moov box is, read from the boxes' headers (the mdat before it may be gigabytes). */
async function findMoov(path: string): Promise<{ at: number; size: number }> {
  const file = await open(path, "r");
  try {
    const { size: length } = await file.stat();
    const head = Buffer.alloc(16);
    for (let at = 0; at + 8 <= length; ) {
      await file.read(head, 0, 16, at);
      let size = head.readUInt32BE(0);
      if (size === 1) size = Number(head.readBigUInt64BE(8));
      if (size === 0) size = length - at;
      if (size < 8) throw new Error(`A malformed MP4 box at byte ${at}.`);
      if (head.toString("latin1", 4, 8) === "moov") return { at, size };
      at += size;
    }
  } finally {
    await file.close();
  }
  throw new Error("An MP4 without a moov box.");
}

/** Sets the one-track MP4's edit list (one stretch) to end after `samples` samples at `rate` (in place: the box keeps its size). */
export async function endSoundAt(path: string, samples: number, rate: number): Promise<void> {
  const moovAt = await findMoov(path);
  const file = await open(path, "r+");
  try {
    const moov = Buffer.alloc(moovAt.size);
    await file.read(moov, 0, moovAt.size, moovAt.at);
    const root = { at: 0, size: moov.length };
    const mvhd = child(moov, root, "mvhd");
    const elst = child(moov, child(moov, child(moov, root, "trak"), "edts"), "elst");
    // Version 0 boxes (32-bit times): what ffmpeg writes for anything under 24 hours at these timescales.
    if (moov[mvhd.at + 8] !== 0 || moov[elst.at + 8] !== 0) throw new Error("An MP4 with 64-bit times: its edit list is not one this code sets.");
    const timescale = moov.readUInt32BE(mvhd.at + 20);
    if (moov.readUInt32BE(elst.at + 12) !== 1) throw new Error("An MP4 whose edit list is not one stretch.");
    const last = elst.at + 16;
    const duration = Math.round((samples * timescale) / rate);
    if (duration > moov.readUInt32BE(last)) throw new Error("The MP4's sound is shorter than the mix it should hold.");
    moov.writeUInt32BE(duration, last);
    await file.write(moov, last, 4, moovAt.at + last);
  } finally {
    await file.close();
  }
}
