/**
 * A render long enough for several generate batches and several compile
 * segments, through the local runner and the same state machines as AWS
 * (docs/decisions.md#scale). The joined video is checked with ffmpeg and
 * ffprobe: its length is the narration's, and every frame, in particular
 * around each seam between segments, shows the block it should.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withActor } from "@storyboard/core/actor";
import { downloadFile, listKeys, objectTag } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { db } from "@storyboard/core/dynamo/service";
import { ffmpeg, probe } from "@storyboard/core/media/ffmpeg";
import { planContentSegments } from "@storyboard/core/media/content-segments";
import { FPS, holdsOf } from "@storyboard/core/media/timeline";
import { encodeWav } from "@storyboard/core/media/wav";
import { setProviders } from "@storyboard/core/provider/registry";
import type { ImageProvider, SpeechProvider } from "@storyboard/core/provider/types";
import { BATCH_TASKS } from "@storyboard/core/render/batches";
import { compileKeys } from "@storyboard/core/render/compile-plan";
import { createRender } from "@storyboard/core/render/create";
import { getRenderBlocks, hasMedia } from "@storyboard/core/render/jobs";
import sharp from "sharp";
import { createTestUser, eventually } from "./test/fixtures";
import { useLocalWorkflows, workflowsSettled } from "./workflows";

/** A solid colour per image, far from its neighbours' (golden-angle hues), so any frame says which block it shows. */
function colourImages(): ImageProvider {
  let next = 0;
  return {
    async generate() {
      const hue = (next++ * 137.508) % 360;
      const { r, g, b } = hsvToRgb(hue, 0.85, 0.9);
      const bytes = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r, g, b } } })
        .png()
        .toBuffer();
      return { bytes, contentType: "image/png", width: 1280, height: 720 };
    },
  };
}

function hsvToRgb(h: number, s: number, v: number) {
  const f = (n: number) => {
    const k = (n + h / 60) % 6;
    return Math.round(255 * (v - v * s * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return { r: f(5), g: f(3), b: f(1) };
}

/** A quiet tone whose length varies with the text, so clips differ in length as speech does. */
const toneSpeech: SpeechProvider = {
  async synthesize({ text }) {
    const durationMs = 500 + (text.length % 9) * 110;
    const rate = 22050;
    const samples = new Int16Array(Math.round((durationMs * rate) / 1000));
    for (let i = 0; i < samples.length; i++) samples[i] = Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate));
    return { wav: encodeWav({ sampleRate: rate, channels: 1, samples }), durationMs };
  },
};

/** Scenes of a heading, an action and three lines each: five media blocks a scene. */
function fountain(scenes: number): string {
  const out = ["Title: Seams", ""];
  for (let s = 0; s < scenes; s++) {
    out.push(`INT. ROOM ${s + 1} - NIGHT`, "", `The clock on wall ${s + 1} ticks ${"on ".repeat(s % 4)}loudly.`, "");
    for (const [who, line] of [
      ["ADA", "Is it time?"],
      ["BEN", `Not yet, ${s + 1} more.`],
      ["ADA", "Then we wait."],
    ])
      out.push(who, line, "");
  }
  return out.join("\n");
}

/** The average colour of every frame, decoded in one pass. */
async function frameColours(video: string): Promise<[number, number, number][]> {
  const { stdout } = await ffmpeg([
    "-i",
    video,
    "-map",
    "0:v",
    "-vf",
    "scale=1:1:flags=area",
    "-vsync",
    "passthrough",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "pipe:1",
  ]);
  return Array.from({ length: stdout.length / 3 }, (_, i) => [stdout[3 * i], stdout[3 * i + 1], stdout[3 * i + 2]]);
}

const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

let work: string;
beforeAll(async () => {
  useLocalWorkflows({ retryIntervalSeconds: 0 });
  setProviders({ image: colourImages(), speech: toneSpeech });
  work = await mkdtemp(join(tmpdir(), "compile-segments-"));
});
afterAll(async () => {
  setProviders({});
  await rm(work, { recursive: true, force: true });
});

describe("a render in several batches and segments (local runner)", () => {
  it("joins its segments into one video with no gap or repeat at a seam", async () => {
    const user = await createTestUser({ points: 100_000 });
    const form = new FormData();
    form.set("file", new Blob([fountain(18)]), "seams.fountain");
    const { id: screenplayId } = await (await user.call("/api/screenplays", { method: "POST", body: form })).json();
    await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready");
    // Started in this process, so its phases run on this process's runner with the providers above.
    const { id: renderJobId } = await withActor({ type: "user", userId: user.userId, roles: [], sessionId: "test" }, () =>
      createRender({
        screenplayId,
        title: "Seams",
        style: "cinematic",
        previewDescriptionsBeforeFirstImages: false,
        previewImagesBeforeFirstRender: false,
      }),
    );
    await workflowsSettled();

    const job = (await db.entities.renderJob.get({ renderJobId }).go()).data!;
    expect(job.status, job.failureReason ?? "").toBe("complete");
    for (const key of [job.outputFilePath, job.posterImagePath, job.combinedAudioPath, job.projectZipPath]) expect(key).toBeTruthy();

    // Big enough for the pipeline to split it: several Map batches, several segments.
    const clips = (await getRenderBlocks(renderJobId)).filter(hasMedia);
    expect(clips.length * 2).toBeGreaterThan(2 * BATCH_TASKS);
    // Cut as the compile phase cuts them: by content, each picture known by its bytes' tag (render/compile.ts).
    const pictures = await Promise.all(clips.map((b) => objectTag(config.mediaBucket, b.imageUrl![0])));
    const { timeline, segments } = planContentSegments(
      clips.map((b, i) => ({ identity: pictures[i], durationMs: b.duration!, sceneStart: b.type === "scene_heading" })),
    );
    expect(segments.length).toBeGreaterThan(2);
    // What time left measured (progress.ts): this generation from nothing, and every segment's video added once.
    expect(job.assetsAtStart).toBe(0);
    expect(Date.parse(job.generateStartedAt!)).toBeLessThanOrEqual(Date.parse(job.compileStartedAt!));
    expect(job.videoMs).toBe((timeline.totalFrames * 1000) / FPS);
    expect(job.videoEncodedMs).toBe(job.videoMs);

    const video = join(work, "video.mp4");
    await downloadFile(config.mediaBucket, job.outputFilePath!, video);
    const probed = await probe(video);
    // Each block is on screen for its narration, held a little longer when short (docs/product.md#renders).
    const sum = holdsOf(clips.map((b) => b.duration!)).reduce((s, hold) => s + hold, 0) / 1000;
    expect(Math.abs(probed.duration - sum) / sum).toBeLessThan(0.01);

    // Every frame, the joined video's and the timeline's: same count, and the picture on top is the right block.
    const colours = await frameColours(video);
    expect(colours).toHaveLength(timeline.totalFrames);
    const blockColour = await Promise.all(
      clips.map(async (b) => {
        const still = join(work, `${b.blockId}.png`);
        await downloadFile(config.mediaBucket, b.imageUrl![0], still);
        const { dominant } = await sharp(still).stats();
        return [dominant.r, dominant.g, dominant.b];
      }),
    );
    const wrong: string[] = [];
    timeline.clips.forEach((clip, i) => {
      for (let f = clip.firstFrame + clip.fadeFrames; f < clip.endFrame; f++) {
        const nearest = blockColour.reduce(
          (best, c, j) => (distance(colours[f], c) < distance(colours[f], blockColour[best]) ? j : best),
          0,
        );
        if (nearest !== i && distance(colours[f], blockColour[i]) > 24) wrong.push(`frame ${f}: block ${nearest}, not ${i}`);
      }
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    // At each seam: the segment before it ends with the fade into the incoming block (media/segments.ts segmentOf):
    // the frame before the fade is the outgoing block, the fade's last frame and the seam's first the incoming one.
    for (const segment of segments.slice(1)) {
      const incoming = segment.firstClip;
      const { firstFrame, fadeFrames } = timeline.clips[incoming];
      expect(segment.startFrame).toBe(firstFrame + fadeFrames);
      expect(distance(colours[firstFrame - 1], blockColour[incoming - 1])).toBeLessThan(24);
      expect(distance(colours[segment.startFrame - 1], blockColour[incoming])).toBeLessThan(48);
      expect(distance(colours[segment.startFrame], blockColour[incoming])).toBeLessThan(24);
    }
    expect(probed.streams.map((s) => s.codecType).sort()).toEqual(["audio", "video"]);
    // The segments, the narration and the plan are gone; the deliverables stay.
    expect(await listKeys(config.mediaBucket, compileKeys.folder(job))).toEqual([]);
  }, 300_000);
});
