import { describe, expect, it } from "vitest";
import { SOURCE } from "./fixtures/night-shift";
import { readOtio } from "./fixtures/readers";
import { frameRateOf } from "./frame-rate";
import { storyboardTimeline } from "./model";
import { toOtio } from "./otio";
import { FRAME_RATES, type FrameRateLabel } from "./schema";

const build = (label: FrameRateLabel) => storyboardTimeline({ ...SOURCE, rate: frameRateOf(label) });

/** Every OTIO_SCHEMA in a document. */
const schemas = (node: unknown, into = new Set<string>()): Set<string> => {
  if (Array.isArray(node)) node.forEach((n) => schemas(n, into));
  else if (node && typeof node === "object") {
    const schema = (node as { OTIO_SCHEMA?: string }).OTIO_SCHEMA;
    if (schema) into.add(schema);
    Object.values(node).forEach((v) => schemas(v, into));
  }
  return into;
};

describe("storyboard.otio", () => {
  it("uses OpenTimelineIO's schema names and carries each shot in its clip's metadata", () => {
    const { doc, tracks } = readOtio(toOtio(build("25")));
    expect([...schemas(doc)].sort()).toEqual(
      ["Clip.2", "ExternalReference.1", "Gap.1", "Marker.2", "RationalTime.1", "Stack.1", "TimeRange.1", "Timeline.1", "Track.1"].sort(),
    );
    expect(tracks.map((t) => [t.name, t.kind])).toEqual([
      ["Shots", "Video"],
      ["Dialogue", "Audio"],
      ["Narration", "Audio"],
    ]);
    const clip = tracks[0].children[2] as unknown as {
      name: string;
      metadata: { storyboard: Record<string, unknown> };
      media_references: any;
    };
    expect(clip.name).toBe("Scene 1 Shot 1C");
    expect(clip.metadata.storyboard).toMatchObject({
      scene: 1,
      shot: "1C",
      heading: "INT. DINER - NIGHT",
      characters: ["MARA"],
      caption: "MARA: You came.",
    });
    expect(clip.media_references.DEFAULT_MEDIA.target_url).toBe("../images/0003-b3.jpg");
    expect((doc.tracks.children[0].markers as { name: string }[]).map((m) => m.name)).toEqual([
      "INT. DINER - NIGHT",
      "EXT. PARKING LOT - CONTINUOUS",
    ]);
  });

  it.each(FRAME_RATES)("is as long as the timeline at %s fps, each line starting with its shot", (label) => {
    const timeline = build(label);
    const { tracks, durationSeconds } = readOtio(toOtio(timeline));
    const rate = timeline.rate.num / timeline.rate.den;
    expect(durationSeconds * rate).toBeCloseTo(timeline.totalFrames, 6);
    for (const track of tracks.slice(1)) {
      let at = 0;
      for (const item of track.children) {
        if (item.OTIO_SCHEMA === "Clip.2") expect(at).toBe(timeline.shots.find((s) => s.name === item.name)!.startFrame);
        at += item.source_range.duration.value;
      }
      expect(at).toBeLessThanOrEqual(timeline.totalFrames);
    }
  });
});
