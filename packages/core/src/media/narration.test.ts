import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probe } from "./ffmpeg";
import { narrationRate, writeNarration } from "./narration";
import { buildTimeline } from "./timeline";
import { encodeWav } from "./wav";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "narration-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const wav = (ms: number, rate = 22050) =>
  encodeWav({ sampleRate: rate, channels: 1, samples: new Int16Array(Math.round((ms / 1000) * rate)).fill(1000) });

describe("writeNarration", () => {
  it("joins many clips (in groups), each padded to its hold, to exactly the timeline's length", async () => {
    const speech = Array.from({ length: 110 }, (_, i) => (i % 3 ? 123 : 1800));
    const timeline = buildTimeline(speech);
    const clips = [];
    for (let i = 0; i < speech.length; i++) {
      const audioPath = join(dir, `c${i}.wav`);
      // Audio a little shorter or longer than the speech it stands for: padded or trimmed to the hold.
      await writeFile(audioPath, wav(i % 2 ? 90 : 1900));
      clips.push({ audioPath, startMs: timeline.clips[i].startMs, durationMs: speech[i] });
    }
    const start = timeline.totalMs;
    const m4a = join(dir, "n.m4a");
    const mp3 = join(dir, "n.mp3");
    await writeNarration(clips, dir, m4a, mp3);
    const aac = await probe(m4a);
    expect(aac.streams[0]).toMatchObject({ codecName: "aac", sampleRate: 22050, channels: 1 });
    expect(Math.abs(aac.duration * 1000 - start)).toBeLessThan(60);
    const lame = await probe(mp3);
    expect(lame.streams[0].codecName).toBe("mp3");
    expect(Math.abs(lame.duration * 1000 - start)).toBeLessThan(100);
  }, 60_000);

  it("uses the highest WAV rate, or 44.1 kHz when an input is not a WAV", async () => {
    await writeFile(join(dir, "a.wav"), wav(50, 16000));
    await writeFile(join(dir, "b.wav"), wav(50, 24000));
    await writeFile(join(dir, "c.mp3"), new Uint8Array([0xff, 0xfb, 0x90, 0x00]));
    expect(await narrationRate([join(dir, "a.wav"), join(dir, "b.wav")])).toBe(24000);
    expect(await narrationRate([join(dir, "a.wav"), join(dir, "c.mp3")])).toBe(44100);
  });
});
