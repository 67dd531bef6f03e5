import { describe, expect, it } from "vitest";
import { SOURCE } from "./fixtures/night-shift";
import { readXmeml, xmllint } from "./fixtures/readers";
import { frameRateOf } from "./frame-rate";
import { storyboardTimeline } from "./model";
import { FRAME_RATES, type FrameRateLabel } from "./schema";
import { toXmeml } from "./xmeml";

const write = (label: FrameRateLabel, source = SOURCE) => toXmeml(storyboardTimeline({ ...source, rate: frameRateOf(label) }));

describe("storyboard.xml (xmeml 4)", () => {
  it("is well-formed, with the elements Premiere reads: sequence, media, video and audio tracks, clipitems, files with a pathurl", () => {
    const text = write("23.976");
    expect(xmllint(text)).toEqual({ ok: true, output: "" });
    const { version, sequence, rate } = readXmeml(text);
    expect(version).toBe("4");
    expect(rate).toBeCloseTo(24000 / 1001, 9);
    expect(sequence.rate).toEqual({ timebase: 24, ntsc: "TRUE" });
    const [video] = sequence.media.video.track;
    const [dialogue, narration] = sequence.media.audio.track;
    expect(video.clipitem).toHaveLength(6);
    expect(video.clipitem[2].file.pathurl).toBe("../images/0003-b3.jpg");
    expect(dialogue.clipitem.map((c: { name: string }) => c.name)).toEqual(["Scene 1 Shot 1C", "Scene 1 Shot 1D"]);
    expect(narration.clipitem.map((c: { file: { pathurl: string } }) => c.file.pathurl)).toContain("../audio/0001-b1.wav");
    expect(sequence.marker.map((m: { name: string }) => m.name)).toEqual(["INT. DINER - NIGHT", "EXT. PARKING LOT - CONTINUOUS"]);
  });

  it.each(FRAME_RATES)("places the stills end to end at %s fps, lines at their stills' starts", (label) => {
    const { sequence, cuts, durationSeconds } = readXmeml(write(label));
    let next = 0;
    for (const cut of cuts) {
      expect(cut.startSeconds).toBeCloseTo(next, 9);
      next += cut.durationSeconds;
    }
    expect(next).toBeCloseTo(durationSeconds, 9);
    const starts = new Map(sequence.media.video.track[0].clipitem.map((c: { name: string; start: number }) => [c.name, c.start]));
    for (const track of sequence.media.audio.track) for (const c of track.clipitem) expect(c.start).toBe(starts.get(c.name));
  });

  it("keeps both audio tracks when a render has no dialogue", () => {
    const source = { ...SOURCE, clips: SOURCE.clips.filter((c) => !["b3", "b5"].includes(c.blockId)) };
    const text = write("25", source);
    expect(xmllint(text).ok).toBe(true);
    expect((text.match(/<track(>|\/>)/g) ?? []).length).toBe(3);
  });
});
