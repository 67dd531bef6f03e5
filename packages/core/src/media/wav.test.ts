import { encodeWav, readWavInfo, silentWav, wavDurationFromHead } from "./wav";

/** A WAV with a LIST chunk before its data, as some providers write it. */
function withListChunk(wav: Uint8Array): Uint8Array {
  const list = new Uint8Array(8 + 26);
  list.set(new TextEncoder().encode("LIST"), 0);
  new DataView(list.buffer).setUint32(4, 26, true);
  const out = new Uint8Array(wav.length + list.length);
  out.set(wav.subarray(0, 36), 0);
  out.set(list, 36);
  out.set(wav.subarray(36), 36 + list.length);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}

describe("wavDurationFromHead", () => {
  it.each([
    ["a plain header", silentWav(1733, 22050)],
    ["a stereo file", encodeWav({ sampleRate: 48000, channels: 2, samples: new Int16Array(2 * 48000 * 1.25) })],
    ["a LIST chunk before the data", withListChunk(silentWav(912, 44100))],
  ])("gives what reading the whole file gives, from its first 4 KB and its size: %s", (_name, wav) => {
    expect(wavDurationFromHead(wav.subarray(0, 4096), wav.length)).toBe(readWavInfo(wav).durationMs);
  });

  it("counts only the bytes that are there when the header claims more (a cut-off file)", () => {
    const wav = silentWav(2000, 22050);
    const cut = wav.length - 22050; // half a second of 16-bit mono gone
    expect(wavDurationFromHead(wav.subarray(0, 4096), cut)).toBeCloseTo(1500, 0);
  });

  it("is undefined when the head is not a WAV or ends before the data chunk", () => {
    expect(wavDurationFromHead(new TextEncoder().encode("ID3 not a wave file at all, padding padding padding"), 5000)).toBeUndefined();
    expect(wavDurationFromHead(withListChunk(silentWav(500, 22050)).subarray(0, 50), 100_000)).toBeUndefined();
  });
});
