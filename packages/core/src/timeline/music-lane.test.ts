import { describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { SOURCE } from "./fixtures/night-shift";
import { readOtio } from "./fixtures/readers";
import { toFcpxml } from "./fcpxml";
import { frameRateOf } from "./frame-rate";
import { storyboardTimeline } from "./model";
import { toOtio } from "./otio";
import { toXmeml } from "./xmeml";

/** The music lane (docs/decisions.md#the-sound-mix): the music stem under the whole timeline, only when the render has music. */
const build = (music?: string) => storyboardTimeline({ ...SOURCE, rate: frameRateOf("24"), music });

describe("the music lane", () => {
  it("puts the music stem under the whole timeline in every format that has audio lanes", () => {
    const timeline = build("stems/music.wav");
    expect(timeline.musicPath).toBe("../stems/music.wav");
    const { tracks } = readOtio(toOtio(timeline));
    const music = tracks.find((t) => t.name === "Music") as unknown as { kind: string; children: { source_range: { duration: { value: number } } }[] };
    expect(music.kind).toBe("Audio");
    expect(music.children).toHaveLength(1);
    expect(music.children[0].source_range.duration.value).toBe(timeline.totalFrames);

    const xmeml = new XMLParser({ ignoreAttributes: false }).parse(toXmeml(timeline));
    const audioTracks = xmeml.xmeml.sequence.media.audio.track;
    expect(audioTracks).toHaveLength(3);
    expect(audioTracks[2].clipitem).toMatchObject({ name: "Music", start: 0, end: timeline.totalFrames });
    expect(audioTracks[2].clipitem.file.pathurl).toBe("../stems/music.wav");

    const fcpxml = toFcpxml(timeline);
    expect(fcpxml).toContain('src="../stems/music.wav"');
    expect(fcpxml.match(/audioRole="music"/g)).toHaveLength(1);
    expect(fcpxml).toMatch(/<asset-clip ref="music"[^>]* lane="-3"/);
  });

  it("is absent when the render has no music", () => {
    const timeline = build();
    expect(timeline.musicPath).toBeUndefined();
    expect(readOtio(toOtio(timeline)).tracks.map((t) => t.name)).not.toContain("Music");
    expect(toXmeml(timeline)).not.toContain("Music");
    expect(toFcpxml(timeline)).not.toContain('audioRole="music"');
  });
});
