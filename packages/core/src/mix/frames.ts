/**
 * The frames of an encoded stream, found by their headers, so a master chunk keeps exactly the frames
 * that are its own (docs/decisions.md#a-master-in-chunks): AAC in ADTS (every frame carries its length)
 * and MPEG-1/2 layer III (the length follows from the bitrate, the sample rate and the padding bit).
 */

/** Where each frame starts and ends in `data`. */
export type FrameSpans = { start: number; end: number }[];

/** An ADTS stream's frames (ISO/IEC 13818-7: 12-bit sync 0xFFF, frame length in bits 30..42 of the header). */
export function adtsFrames(data: Uint8Array): FrameSpans {
  const spans: FrameSpans = [];
  let i = 0;
  while (i < data.length) {
    if (i + 7 > data.length || data[i] !== 0xff || (data[i + 1] & 0xf0) !== 0xf0) throw new Error(`Not an ADTS frame at byte ${i}.`);
    const length = ((data[i + 3] & 0x03) << 11) | (data[i + 4] << 3) | (data[i + 5] >> 5);
    if (length < 7 || i + length > data.length) throw new Error(`A truncated ADTS frame at byte ${i}.`);
    spans.push({ start: i, end: i + length });
    i += length;
  }
  return spans;
}

/** Layer III bitrates in kb/s by index: MPEG-1, then MPEG-2/2.5. */
const MP3_BITRATES = [
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
];
const MP3_RATES = [44100, 48000, 32000];

/**
 * An MP3 stream's audio frames. Anything before the first frame (an ID3v2 tag) is skipped; a stream
 * written without the Xing frame (-write_xing 0) has only audio frames.
 */
export function mp3Frames(data: Uint8Array): FrameSpans {
  const spans: FrameSpans = [];
  let i = 0;
  if (data[0] === 0x49 && data[1] === 0x44 && data[2] === 0x33) {
    // ID3v2: a 10-byte header and a syncsafe size.
    i = 10 + ((data[6] << 21) | (data[7] << 14) | (data[8] << 7) | data[9]);
  }
  while (i + 4 <= data.length) {
    if (data[i] !== 0xff || (data[i + 1] & 0xe0) !== 0xe0) throw new Error(`Not an MP3 frame at byte ${i}.`);
    const version = (data[i + 1] >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const bitrate = MP3_BITRATES[version === 3 ? 0 : 1][data[i + 2] >> 4];
    const rate = MP3_RATES[(data[i + 2] >> 2) & 0x03] / (version === 3 ? 1 : version === 2 ? 2 : 4);
    if (!bitrate || !rate) throw new Error(`An MP3 frame with a free or bad bitrate or rate at byte ${i}.`);
    const padding = (data[i + 2] >> 1) & 0x01;
    const length = Math.floor(((version === 3 ? 144 : 72) * bitrate * 1000) / rate) + padding;
    if (i + length > data.length) throw new Error(`A truncated MP3 frame at byte ${i}.`);
    spans.push({ start: i, end: i + length });
    i += length;
  }
  return spans;
}

/** The bytes of frames [from, to) of `data`. */
export function frameSlice(data: Uint8Array, spans: FrameSpans, from: number, to: number): Uint8Array {
  if (from < 0 || to > spans.length || from > to) throw new Error(`Frames ${from}..${to} asked of a stream of ${spans.length}.`);
  if (from === to) return new Uint8Array(0);
  return data.subarray(spans[from].start, spans[to - 1].end);
}
