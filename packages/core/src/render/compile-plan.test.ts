import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { planContentSegments } from "../media/content-segments";
import { SEGMENT_LIMITS } from "../media/segments";
import { FPS } from "../media/timeline";
import { generateFeatureFdx } from "../screenplay/fixtures/long";
import { parseScreenplay } from "../screenplay/parse";
import { captionOf, type CompilePlan, type SegmentItem } from "./compile-plan";
import { hasMedia } from "./jobs";
import { compileDefinition, TASK_TIMEOUT_SECONDS } from "./workflow";

/** Step Functions' limit on a state's input and output, and on an execution's history. */
const STATE_LIMIT = 256 * 1024;
const HISTORY_LIMIT = 25_000;
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe("compile phase sizes at 200 pages (docs/decisions.md#scale)", () => {
  const parsed = parseScreenplay(new TextEncoder().encode(generateFeatureFdx(200)), "feature.fdx");
  const renderJobId = randomUUID();
  const blocks = parsed.blocks.filter(hasMedia);
  // Narration at about 150 words a minute, as offline speech reads: roughly the product's 54 s a page.
  const durations = blocks.map((b) => 300 + b.text.split(/\s+/).length * 400);
  const { timeline, segments } = planContentSegments(
    blocks.map((b, i) => ({ identity: `${b.type}:${b.text}`, durationMs: durations[i], sceneStart: b.type === "scene_heading" })),
  );

  it("is a feature-length video", () => {
    expect(parsed.pageCount).toBeGreaterThanOrEqual(190);
    expect(timeline.totalMs / 3_600_000).toBeGreaterThan(2);
  });

  it("cuts the video into segments that each stay far inside one Lambda", () => {
    for (const s of segments) {
      expect(s.endClip - s.firstClip).toBeLessThanOrEqual(SEGMENT_LIMITS.maxClips);
      expect(s.endFrame - s.startFrame).toBeLessThanOrEqual(SEGMENT_LIMITS.maxFrames);
    }
    // Even encoded at realtime (the local machine does better than 10x), a segment takes a third of the time limit.
    expect(SEGMENT_LIMITS.maxFrames / FPS).toBeLessThanOrEqual(TASK_TIMEOUT_SECONDS.CompileSegment / 3);
    // Consecutive and complete: every clip and every frame in exactly one segment.
    expect(segments[0]).toMatchObject({ firstClip: 0, startFrame: 0 });
    segments.slice(1).forEach((s, i) => expect([s.firstClip, s.startFrame]).toEqual([segments[i].endClip, segments[i].endFrame]));
    expect(segments.at(-1)).toMatchObject({ endClip: blocks.length, endFrame: timeline.totalFrames });
  });

  it("keeps the Map's input, every task's input and the execution history small", () => {
    const items: SegmentItem[] = segments.map((_, segment) => ({ renderJobId, segment }));
    expect(bytes({ renderJobId, skipped: false, segments: items })).toBeLessThan(STATE_LIMIT / 20);
    expect(bytes(items[0])).toBeLessThan(100);
    // A Map iteration is about 5 events; the rest of the phase a few dozen.
    expect(segments.length * 5 + 100).toBeLessThan(HISTORY_LIMIT / 10);
    // The plan (in S3, never in the state) lists every clip once.
    const plan: CompilePlan = {
      renderJobId,
      videoJobId: randomUUID(),
      title: parsed.title ?? "Feature",
      burnCaptions: true,
      clips: blocks.map((b, i) => ({
        blockId: b.id,
        image: `renders/u/${renderJobId}/images/${b.id}.png`,
        audio: `renders/u/${renderJobId}/audio/${b.id}.wav`,
        durationMs: durations[i],
        caption: captionOf(b),
      })),
      segments,
    };
    expect(bytes(plan)).toBeLessThan(5 * 2 ** 20);
  });

  it("runs the segments in a Map inside the definition, bounded in concurrency", () => {
    const definition = compileDefinition((task) => task);
    const parts = definition.States.CompileParts as {
      Branches: { States: Record<string, { MaxConcurrency?: number; ItemsPath?: string }> }[];
    };
    const map = parts.Branches.flatMap((b) => Object.values(b.States)).find((s) => s.ItemsPath === "$.segments");
    expect(map?.MaxConcurrency).toBeGreaterThan(0);
    expect(map!.MaxConcurrency!).toBeLessThanOrEqual(segments.length);
  });
});
