import { describe, expect, it } from "vitest";
import { synthesiseLoop, loopSeconds, MOODS } from "./bed";
import { DEFAULT_LEVELS, MIX_RATE } from "./schema";
import { DUCKING, fadeSamples, GAIN_STEP_DB, lanesGraph, limitFor, masterGain, masterGraph, mixGraph } from "./graph";
import { sceneSpans } from "./mix";

const measured = { integrated: -22, threshold: -32, range: 6, truePeak: -9 };

describe("the mix's filter graphs", () => {
  it("puts each line on its own lane and silence of the same length on the other", () => {
    const graph = lanesGraph(
      [
        { lane: "narration", samples: 1000 },
        { lane: "dialogue", samples: 2000 },
      ],
      22050,
    );
    expect(graph).toContain("[0:a]aresample=22050,aformat=sample_fmts=s16:channel_layouts=mono,apad,atrim=end_sample=1000[c0]");
    expect(graph).toContain("anullsrc=r=22050:cl=mono,aformat=sample_fmts=s16,atrim=end_sample=2000[z1]");
    expect(graph).toContain("[z0][c1]concat=n=2:v=0:a=1[dialogue]");
    expect(graph).toContain("[c0][z1]concat=n=2:v=0:a=1[narration]");
  });

  it("ducks a bed made of one stretch per scene, faded at each change, under the voices at the chosen levels", () => {
    const graph = mixGraph({
      totalSamples: 480000,
      levels: { dialogue: 1, narration: -3, music: -15 },
      bed: [
        { file: "/tmp/bed-tense.wav", startSample: 0, samples: 200000 },
        { file: "/tmp/it's:odd.wav", startSample: 5000, samples: 280000 },
      ],
    });
    expect(graph).toContain("volume=1dB,asplit=2[dialogue][dialogue_mix]");
    expect(graph).toContain("volume=-3dB,asplit=2[narration][narration_mix]");
    expect(graph).toContain(`atrim=start_sample=0:end_sample=200000,asetpts=PTS-STARTPTS,afade=t=in:ss=0:ns=${MIX_RATE},afade=t=out:ss=${200000 - MIX_RATE}:ns=${MIX_RATE}[bed0]`);
    expect(graph).toContain("amovie='/tmp/it'\\\\''s\\:odd.wav':loop=0");
    expect(graph).toContain("[bed0][bed1]concat=n=2:v=0:a=1,apad,atrim=end_sample=480000,volume=-15dB[bed]");
    expect(graph).toContain(`[bed][key]${DUCKING},asplit=2[music][music_mix]`);
    expect(graph).toMatch(/\[speech\]\[music_mix\]amix=inputs=2.*ebur128=peak=true.*\[measured\]$/);
  });

  it("has no music and no ducking without a bed", () => {
    const graph = mixGraph({ totalSamples: 1000, levels: DEFAULT_LEVELS });
    expect(graph).not.toContain("sidechaincompress");
    expect(graph).not.toContain("[music]");
    expect(graph).toContain("[speech]ebur128=peak=true:framelog=verbose[measured]");
  });

  it("fades over a second, or a quarter of a short scene", () => {
    expect(fadeSamples(10 * MIX_RATE)).toBe(MIX_RATE);
    expect(fadeSamples(MIX_RATE)).toBe(MIX_RATE / 4);
  });

  it("masters with one gain from pass one's measurement, limiting first only when the peaks would pass the ceiling", () => {
    const gainDb = masterGain(measured, -16);
    expect(gainDb).toBe(6);
    const calm = masterGraph({ totalSamples: 1000, gainDb, limit: limitFor(gainDb, measured.truePeak, -2), hasMusic: true });
    // The sum as pass one made it: the voices, then the music; −22 LUFS raised by 6 dB, with no 192 kHz loudnorm.
    expect(calm).toContain("[0:a][1:a]amix=inputs=2:duration=longest,volume=2,pan=stereo|c0=c0|c1=c0[speech]");
    expect(calm).toContain("[speech][2:a]amix=inputs=2:duration=longest,volume=2,volume=6.00dB,");
    expect(calm).not.toMatch(/alimiter|loudnorm|aresample/);
    // −22 LUFS with peaks at −5: +6 dB would put them at +1 dBTP; they are limited to −8.5 (−2 − 6 − 0.5) first.
    const limit = limitFor(gainDb, -5, -2);
    expect(limit).toBe(Number((10 ** (-8.5 / 20)).toFixed(4)));
    const peaky = masterGraph({ totalSamples: 1000, gainDb, limit, hasMusic: false });
    expect(peaky).toContain(`alimiter=limit=${(10 ** (-8.5 / 20)).toFixed(4)}:attack=5:release=80:level=false,volume=6.00dB`);
    expect(peaky).not.toContain("[2:a]");
    expect(peaky).toMatch(/atrim=end_sample=1000,asplit=2\[master\]\[master_mp3\]$/);
    // A silent mix has no loudness to reach: summed and trimmed, never raised.
    expect(masterGain(null, -16)).toBeNull();
    const silent = masterGraph({ totalSamples: 1000, gainDb: null, limit: limitFor(null, -5, -2), hasMusic: false });
    expect(silent).not.toMatch(/dB|alimiter/);
    expect(silent).toMatch(/^\[0:a\]\[1:a\]amix=inputs=2:duration=longest,volume=2,pan=stereo.*atrim=end_sample=1000,asplit=2\[master\]\[master_mp3\]$/);
    // Other streams can stand for the stems (a master chunk's joined reads).
    expect(masterGraph({ totalSamples: 10, gainDb: 1, limit: null, hasMusic: true, inputs: ["[d]", "[n]", "[m]"] })).toMatch(/^\[d\]\[n\]amix[^;]*;\n\[speech\]\[m\]amix/);
  });

  it("quantises the gain, so a small change in the whole mix's loudness usually keeps it", () => {
    expect(masterGain({ integrated: -22.1 }, -16)).toBe(6);
    expect(masterGain({ integrated: -22.2 }, -16)).toBe(6.25);
    expect(masterGain({ integrated: -21.87 }, -16)).toBe(5.75);
    // Never more than half a step from the exact gain.
    for (let l = -40; l < -5; l += 0.037) expect(Math.abs(masterGain({ integrated: l }, -16)! - (-16 - l))).toBeLessThanOrEqual(GAIN_STEP_DB / 2 + 1e-9);
  });
});

describe("the generated bed", () => {
  it("loops without a seam and sits at its reference level, for every mood", () => {
    for (const mood of MOODS) {
      const loop = synthesiseLoop(mood, 8000);
      expect(loop.length).toBe(Math.round(loopSeconds(mood) * 8000) * 2);
      let sum = 0;
      for (const s of loop) sum += s * s;
      expect(Math.sqrt(sum / loop.length)).toBeCloseTo(0.1, 3);
      // The step from the last frame to the first is no bigger than the loop's own largest step.
      let largest = 0;
      for (let i = 2; i < loop.length; i += 2) largest = Math.max(largest, Math.abs(loop[i] - loop[i - 2]));
      expect(Math.abs(loop[0] - loop[loop.length - 2])).toBeLessThanOrEqual(largest);
    }
  });
});

describe("scene spans", () => {
  it("start where a scene's first clip starts and end where the next begins", () => {
    const spans = sceneSpans(
      [
        { startMs: 0, scene: 0 },
        { startMs: 1500, scene: 0 },
        { startMs: 3000, scene: 1 },
      ],
      5 * MIX_RATE,
    );
    expect(spans).toEqual([
      { scene: 0, start: 0, samples: 3 * MIX_RATE },
      { scene: 1, start: 3 * MIX_RATE, samples: 2 * MIX_RATE },
    ]);
  });
});
