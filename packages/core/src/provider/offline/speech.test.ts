import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readWavInfo } from "../../media/wav";
import { chunkText, espeakSynthesize } from "./espeak";
import { OfflineSpeechProvider, SILENCE_MS } from "./speech";
import { OFFLINE_VOICES } from "./voice-table";

const speech = new OfflineSpeechProvider();
const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

function samplesOf(wav: Uint8Array): Int16Array {
  const info = readWavInfo(wav);
  return new Int16Array(wav.slice(info.dataOffset, info.dataOffset + info.dataBytes).buffer);
}

const peak = (samples: Int16Array) => samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);

describe("OfflineSpeechProvider", () => {
  it("writes a 22.05 kHz mono 16-bit PCM WAV whose header matches its data", async () => {
    const { wav, durationMs } = await speech.synthesize({ text: "The door creaks open.", voiceId: "george" });
    const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
    const ascii = (o: number) => String.fromCharCode(...wav.subarray(o, o + 4));
    expect([ascii(0), ascii(8), ascii(12), ascii(36)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(22050);
    expect(view.getUint32(28, true)).toBe(22050 * 2);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(wav.length - 44);
    expect(Math.abs(readWavInfo(wav).durationMs - durationMs)).toBeLessThan(1);
    expect(durationMs).toBeGreaterThan(600);
    expect(peak(samplesOf(wav))).toBeGreaterThan(2000);
  });

  it("takes longer to say more", async () => {
    const short = await speech.synthesize({ text: "Run.", voiceId: "rachel" });
    const long = await speech.synthesize({ text: "Run, and do not stop until you reach the river, whatever you hear behind you.", voiceId: "rachel" });
    expect(long.durationMs).toBeGreaterThan(short.durationMs * 3);
  });

  it("gives the same bytes for the same input, whatever was spoken before", async () => {
    const input = { text: "I trusted you once. That was my mistake.", voiceId: "alice" };
    const first = await speech.synthesize(input);
    await speech.synthesize({ text: "Something else entirely, in another voice.", voiceId: "walter" });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the engine reads the clock
    const again = await speech.synthesize(input);
    expect(md5(again.wav)).toBe(md5(first.wav));
  });

  it("speaks with every catalogue voice, and no two sound alike", async () => {
    const hashes = new Set<string>();
    for (const voice of OFFLINE_VOICES) {
      const { wav, durationMs } = await speech.synthesize({ text: "We leave at first light.", voiceId: voice.id });
      expect(durationMs, voice.id).toBeGreaterThan(500);
      expect(peak(samplesOf(wav)), voice.id).toBeGreaterThan(1000);
      hashes.add(md5(wav));
    }
    expect(hashes.size).toBe(OFFLINE_VOICES.length);
  });

  it("rejects a voice that is not in the catalogue", async () => {
    await expect(speech.synthesize({ text: "Hello.", voiceId: "en-us+nobody" })).rejects.toThrow(/Unknown voice/);
    await expect(speech.synthesize({ text: "Hello.", voiceId: "" })).rejects.toThrow(Error);
  });

  it("turns empty or blank text into a short silence", async () => {
    for (const text of ["", "   \n\t"]) {
      const { wav, durationMs } = await speech.synthesize({ text, voiceId: "george" });
      expect(durationMs).toBe(SILENCE_MS);
      expect(Math.round(readWavInfo(wav).durationMs)).toBe(SILENCE_MS);
      expect(peak(samplesOf(wav))).toBe(0);
    }
  });
});

describe("espeak engine", () => {
  it("rejects an unknown language or variant instead of keeping the last voice", async () => {
    await expect(espeakSynthesize("Hello.", { language: "xx-nowhere", rate: 170, pitch: 50, range: 50 })).rejects.toThrow(/rejected voice/);
    await expect(espeakSynthesize("Hello.", { language: "en-us", variant: "nobody", rate: 170, pitch: 50, range: 50 })).rejects.toThrow(/variant/);
  });

  it("splits long text into pieces that fit the engine's buffer, and stays deterministic", async () => {
    const long = `${"Word ".repeat(1500)}. ${"Another sentence here. ".repeat(200)}`;
    const pieces = chunkText(long);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(6000);
    expect(pieces.join(" ").replace(/\s+/g, "")).toBe(long.replace(/\s+/g, ""));

    // Mostly blank text exercises the chunked path without minutes of audio.
    const sparse = `Go${" ".repeat(7000)}home.`;
    const settings = { language: "en-us", rate: 170, pitch: 50, range: 50 };
    const a = await espeakSynthesize(sparse, settings);
    const b = await espeakSynthesize(sparse, settings);
    expect(a.length).toBeGreaterThan(5000);
    expect(md5(new Uint8Array(a.buffer))).toBe(md5(new Uint8Array(b.buffer)));
  });
});
