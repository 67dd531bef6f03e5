/**
 * A render of a revised draft compiles only the segments whose content
 * changed (docs/decisions.md#incremental-compile): one scene rewritten, the
 * other segments are copied from the writer's asset store as encoded, joined
 * by stream copy, and the video plays for exactly the new draft's length.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withActor } from "@storyboard/core/actor";
import { downloadFile, getObjectBytes, getObjectJson, listKeys, objectTag } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { db } from "@storyboard/core/dynamo/service";
import { planContentSegments } from "@storyboard/core/media/content-segments";
import { ffmpeg, probe } from "@storyboard/core/media/ffmpeg";
import { FPS } from "@storyboard/core/media/timeline";
import { measureFile } from "@storyboard/core/mix/loudness";
import { encodeWav } from "@storyboard/core/media/wav";
import type { ZipIndex } from "@storyboard/core/media/zip-plan";
import { setProviders } from "@storyboard/core/provider/registry";
import type { ImageProvider, SpeechProvider } from "@storyboard/core/provider/types";
import { createRender } from "@storyboard/core/render/create";
import { outputKey } from "@storyboard/core/render/compile-plan";
import { getRenderBlocks, hasMedia } from "@storyboard/core/render/jobs";
import { assetStoreKeys } from "@storyboard/core/revision/asset-store";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { differences, fingerprint } from "./test/frame-checksums";
import { createTestUser, eventually, type TestUser } from "./test/fixtures";
import { useLocalWorkflows, workflowsSettled } from "./workflows";

/** A gradient whose colours follow the block's text, so the same block draws the same picture and a pan shows. */
const textColourImages: ImageProvider = {
  async generate({ text }) {
    const [r, g, b] = createHash("md5").update(text).digest();
    const [width, height] = [640, 360];
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) pixels.set([(r + x) % 256, (g + y) % 256, (b + x + y) % 256], 3 * (y * width + x));
    const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    return { bytes, contentType: "image/png", width, height };
  },
};

/** A quiet tone whose length varies with the text. */
const toneSpeech: SpeechProvider = {
  async synthesize({ text }) {
    const durationMs = 600 + (text.length % 7) * 130;
    const rate = 22050;
    const samples = new Int16Array(Math.round((durationMs * rate) / 1000));
    for (let i = 0; i < samples.length; i++) samples[i] = Math.round(3000 * Math.sin((2 * Math.PI * 330 * i) / rate));
    return { wav: encodeWav({ sampleRate: rate, channels: 1, samples }), durationMs };
  },
};

/**
 * Eight scenes: the rewritten one (REWRITTEN) has scenes beyond its neighbours' chunks on each side, so the reused
 * segments, pieces and chunks before and after it are all there to check; more scenes only made its three renders longer.
 */
const SCENES = 8;
const REWRITTEN = 6;

/** SCENES scenes of a heading, an action and three lines; `rewrite` changes one scene's dialogue. */
function draft(rewrite?: number): string {
  const out = ["Title: Drafts", ""];
  for (let s = 1; s <= SCENES; s++) {
    out.push(`INT. HALL ${s} - DAY`, "", `Rain ${s} taps the window${".".repeat(1 + (s % 3))}`, "");
    const lines =
      s === rewrite
        ? [
            ["ADA", "We leave tonight, whatever they say."],
            ["BEN", "Then pack light."],
            ["ADA", "I always do."],
          ]
        : [
            ["ADA", `Is it ${s} yet?`],
            ["BEN", `Soon, ${s} minutes.`],
            ["ADA", "Then we wait."],
          ];
    for (const [who, line] of lines) out.push(who, line, "");
  }
  return out.join("\n");
}

const actorOf = (user: TestUser) => ({ type: "user" as const, userId: user.userId, roles: [], sessionId: "test" });

async function uploadDraft(user: TestUser, text: string) {
  const form = new FormData();
  form.set("file", new Blob([text]), "drafts.fountain");
  const { id: screenplayId } = await (await user.call("/api/screenplays", { method: "POST", body: form })).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready");
  return screenplayId as string;
}

async function renderNow(user: TestUser, screenplayId: string) {
  const { id } = await withActor(actorOf(user), () =>
    createRender({
      screenplayId,
      title: "Drafts",
      style: "cinematic",
      previewDescriptionsBeforeFirstImages: false,
      previewImagesBeforeFirstRender: false,
    }),
  );
  await workflowsSettled();
  const job = (await db.entities.renderJob.get({ renderJobId: id }).go()).data!;
  expect(job.status, job.failureReason ?? "").toBe("complete");
  return job;
}

/** One MD5 per decoded frame. */
async function frameHashes(video: string): Promise<string[]> {
  const { stdout } = await ffmpeg(["-i", video, "-map", "0:v", "-f", "framemd5", "pipe:1"]);
  return stdout
    .toString()
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split(",").pop()!.trim());
}

let work: string;
/** The tasks the workflows ran, by name: a revision's compile runs a task only per segment it encodes. */
const tasksRun: string[] = [];
beforeAll(async () => {
  useLocalWorkflows({ retryIntervalSeconds: 0, onTask: (task) => tasksRun.push(task) });
  setProviders({ image: textColourImages, speech: toneSpeech });
  work = await mkdtemp(join(tmpdir(), "incremental-compile-"));
});
afterAll(async () => {
  setProviders({});
  await rm(work, { recursive: true, force: true });
});

describe("re-rendering a revised draft", () => {
  it("encodes only the segments around the rewritten scene and joins the rest as they were", async () => {
    const user = await createTestUser({ points: 100_000 });
    const screenplayId = await uploadDraft(user, draft());
    const first = await renderNow(user, screenplayId);
    expect(first.segmentsReused ?? 0).toBe(0);
    const firstSegments = first.segmentsEncoded!;
    expect(firstSegments).toBeGreaterThan(2);
    const stored = await listKeys(config.mediaBucket, `${assetStoreKeys.folder(user.userId, screenplayId)}segment/`);
    expect(stored).toHaveLength(firstSegments);
    // Each mix piece's loudness and rolls are listed as facts, so the revision reads none of its pieces' files for them.
    expect(await listKeys(config.mediaBucket, `${assetStoreKeys.facts(user.userId, screenplayId)}mix/`)).toHaveLength(firstSegments);

    const revised = new FormData();
    revised.set("file", new Blob([draft(REWRITTEN)]), "drafts-2.fountain");
    expect((await user.call(`/api/screenplays/${screenplayId}/versions`, { method: "POST", body: revised })).status).toBeLessThan(300);
    tasksRun.length = 0;
    const second = await renderNow(user, screenplayId);
    // PlanCompile copied every stored segment itself: the Map ran the one new segment's task only.
    expect(tasksRun.filter((t) => t === "CompileSegment")).toHaveLength(1);

    // Only the segment with the rewritten scene is new (its heading is unchanged, so the fade into it, the segment before's, is
    // too); every other one is copied, the next one too though the clip before it moved (media/segments.ts segmentOf).
    const clips = (await getRenderBlocks(second.renderJobId)).filter(hasMedia);
    const pictures = await Promise.all(clips.map((b) => objectTag(config.mediaBucket, b.imageUrl![0])));
    const { timeline, segments } = planContentSegments(
      clips.map((b, i) => ({ identity: pictures[i], durationMs: b.duration!, sceneStart: b.type === "scene_heading" })),
    );
    expect((second.segmentsReused ?? 0) + (second.segmentsEncoded ?? 0)).toBe(segments.length);
    expect(second.segmentsEncoded).toBe(1);
    expect(second.segmentsReused).toBe(segments.length - 1);
    // CompileAudio took the unchanged lines' identities from the writer's index (ETag to the hash of the bytes, mix/clip-audio.ts)
    // instead of downloading them: each is the hash the first render computed from the bytes.
    const audioIds = await getObjectJson<{ ids: Record<string, string> }>(config.mediaBucket, `${assetStoreKeys.folder(user.userId, screenplayId)}mix/audio-ids.json`);
    for (const b of clips.slice(0, 4)) {
      const bytes = await getObjectBytes(config.mediaBucket, b.audioUrl!);
      expect(audioIds.ids[await objectTag(config.mediaBucket, b.audioUrl!)]).toBe(createHash("sha256").update(bytes).digest("hex"));
    }
    // The sound is mixed in the same pieces: only the rewritten scene's is mixed again (docs/decisions.md#an-incremental-mix).
    expect([first.mixPiecesReused ?? 0, first.mixPiecesMixed]).toEqual([0, firstSegments]);
    expect([second.mixPiecesReused, second.mixPiecesMixed]).toEqual([segments.length - 1, 1]);
    // The master is encoded in chunks, one per piece; a revision encodes the rewritten piece's and its neighbours'
    // only, though its new length moved every later piece (docs/decisions.md#a-master-in-chunks).
    expect([first.masterChunksReused ?? 0, first.masterChunksEncoded]).toEqual([0, firstSegments]);
    expect((second.masterChunksReused ?? 0) + (second.masterChunksEncoded ?? 0)).toBe(segments.length);
    expect(second.masterChunksEncoded).toBeGreaterThan(0);
    expect(second.masterChunksEncoded).toBeLessThanOrEqual(3);
    // The three rewritten lines are new speech and pictures; everything else came from the first render.
    expect(second.audioReused).toBe(clips.length - 3);
    expect(second.imagesReused).toBe(clips.length - 3);
    // They were taken when the phase was planned: the Map had tasks for the three new lines' assets only
    // (docs/decisions.md#a-revised-render-plans-only-what-is-new).
    expect(second.assetsAtStart).toBe(2 * (clips.length - 3));
    // A reused line or frame is named where the writer's store keeps it, not copied (docs/decisions.md#a-reused-line-is-named-not-copied,
    // docs/decisions.md#a-reused-frame-is-named-not-copied); a frame's name ends as the picture is. The three new ones are the render's own.
    const renderFolder = `renders/${user.userId}/${second.renderJobId}/`;
    const storeLines = `${assetStoreKeys.folder(user.userId, screenplayId)}audio/`;
    const storeFrames = `${assetStoreKeys.folder(user.userId, screenplayId)}image/`;
    expect(clips.filter((b) => b.audioUrl!.startsWith(storeLines))).toHaveLength(clips.length - 3);
    expect(clips.filter((b) => b.audioUrl!.startsWith(renderFolder))).toHaveLength(3);
    const storedFrames = clips.filter((b) => b.imageUrl![0].startsWith(storeFrames));
    expect(storedFrames).toHaveLength(clips.length - 3);
    expect(storedFrames.every((b) => /\.(png|jpg)$/.test(b.imageUrl![0]))).toBe(true);
    expect(clips.filter((b) => b.imageUrl![0].startsWith(renderFolder))).toHaveLength(3);
    // The poster (the same first picture and title) is the first render's, copied: one kept in the store.
    expect(await listKeys(config.mediaBucket, `${assetStoreKeys.folder(user.userId, screenplayId)}poster/`)).toHaveLength(1);
    expect(await objectTag(config.mediaBucket, second.posterImagePath!)).toBe(await objectTag(config.mediaBucket, first.posterImagePath!));

    // It plays for the new draft's length, frame for frame.
    const videos = [join(work, "first.mp4"), join(work, "second.mp4")];
    await downloadFile(config.mediaBucket, first.outputFilePath!, videos[0]);
    await downloadFile(config.mediaBucket, second.outputFilePath!, videos[1]);
    const probed = await probe(videos[1]);
    expect(Math.abs(probed.duration - timeline.totalMs / 1000)).toBeLessThan(0.1);
    // Its sound, joined from the pieces, still meets the product's loudness.
    const loudness = await measureFile(videos[1]);
    expect(Math.abs(loudness.integrated + 16)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);
    const [before, after] = [await frameHashes(videos[0]), await frameHashes(videos[1])];
    expect(after).toHaveLength(timeline.totalFrames);
    expect(second.videoMs).toBe((timeline.totalFrames * 1000) / FPS);
    // The reused segments' frames are the first video's frames, bit for bit.
    const seen = new Set(before);
    const reusedFrames = after.filter((h) => seen.has(h)).length;
    expect(reusedFrames).toBeGreaterThan(after.length * 0.6);

    // The same video as a full render of the new draft (another writer: nothing to reuse, every segment encoded):
    // the same seams, the same frames either side of each, the same frame count and duration (docs/decisions.md#proving-an-incremental-render).
    const other = await createTestUser({ points: 100_000 });
    const full = await renderNow(other, await uploadDraft(other, draft(REWRITTEN)));
    expect(full.segmentsReused ?? 0).toBe(0);
    expect(full.segmentStarts).toEqual(second.segmentStarts);
    const seams = segments.slice(1).map((s) => s.startFrame);
    expect(seams.length).toBeGreaterThan(1);
    const fullVideo = join(work, "full.mp4");
    await downloadFile(config.mediaBucket, full.outputFilePath!, fullVideo);
    const [incremental, reference] = [await fingerprint(videos[1], seams), await fingerprint(fullVideo, seams)];
    expect(differences(incremental, reference)).toEqual([]);
    expect(incremental.frames).toBe(timeline.totalFrames);
    expect(incremental.checksums.size).toBeGreaterThanOrEqual(seams.length * 6);
    // The same sound: the MP3 and the video's AAC frames are the full render's, byte for byte (docs/decisions.md#a-master-in-chunks).
    const sound = async (job: typeof full, video: string, name: string) => {
      const [mp3, aac] = [join(work, `${name}.mp3`), join(work, `${name}.aac`)];
      await downloadFile(config.mediaBucket, job.combinedAudioPath!, mp3);
      await ffmpeg(["-i", video, "-map", "0:a:0", "-c", "copy", "-f", "adts", aac]);
      return [await readFile(mp3), await readFile(aac)];
    };
    const [[mp3, aac], [fullMp3, fullAac]] = [await sound(second, videos[1], "second"), await sound(full, fullVideo, "full")];
    expect(mp3.equals(fullMp3)).toBe(true);
    expect(aac.equals(fullAac)).toBe(true);
    // The project zip was composed from the first render's (docs/decisions.md#a-revised-zip-is-composed-from-the-previous-one)
    // and holds what the full render's, built whole, does: the same media and stems, byte for byte, in the same order.
    const indexes = (await listKeys(config.mediaBucket, `${assetStoreKeys.folder(user.userId, screenplayId)}zip/`)).sort();
    const index = await getObjectJson<ZipIndex>(config.mediaBucket, indexes.at(-1)!);
    expect([index.zipKey, index.composedFrom]).toEqual([second.projectZipPath, first.projectZipPath]);
    expect(index.copiedBytes).toBeGreaterThan(index.size / 2);
    const media = async (job: typeof full, name: string) => {
      const path = join(work, `${name}.zip`);
      await downloadFile(config.mediaBucket, job.projectZipPath!, path);
      if (existsSync("/usr/bin/unzip")) execFileSync("unzip", ["-tq", path]);
      const entries = Object.entries(unzipSync(new Uint8Array(await readFile(path)))).filter(([n]) => /^(images|audio|stems)\//.test(n));
      // Block ids differ between the two screenplays; the entries' numbers and kinds do not.
      return entries.map(([n, bytes]) => ({ name: n.replace(/-[^/]*(\.\w+)$/, "$1"), hash: createHash("sha256").update(bytes).digest("hex") }));
    };
    const [composedMedia, wholeMedia] = [await media(second, "second"), await media(full, "full")];
    expect(composedMedia.length).toBe(2 * clips.length + 2);
    expect(composedMedia).toEqual(wholeMedia);
    // The storyboard PDF draws the same frames, in the same order: the revised one took the kept frames' bytes
    // from the first render's zip (compile-files.ts downloadClips), the full one downloaded every frame.
    const pdfFrames = async (job: typeof full) => {
      const pdf = Buffer.from(await getObjectBytes(config.mediaBucket, outputKey(job, "storyboard.pdf")));
      const frames: string[] = [];
      // Each image XObject's stream: a JPEG copied in untouched, a PNG's pixels as PDFKit packs them.
      for (let at = pdf.indexOf("/Subtype /Image"); at !== -1; at = pdf.indexOf("/Subtype /Image", at + 1)) {
        const length = Number(/\/Length (\d+)/.exec(pdf.subarray(at, at + 300).toString("latin1"))![1]);
        const start = pdf.indexOf("stream\n", at) + "stream\n".length;
        frames.push(createHash("sha256").update(pdf.subarray(start, start + length)).digest("hex"));
      }
      return frames;
    };
    const [revisedFrames, fullFrames] = [await pdfFrames(second), await pdfFrames(full)];
    expect(revisedFrames.length).toBeGreaterThan(0);
    expect(revisedFrames).toEqual(fullFrames);
    // And the checks can fail: the first draft's video is another video.
    expect(differences(await fingerprint(videos[0], seams), reference)).not.toEqual([]);
  }, 900_000);
});
