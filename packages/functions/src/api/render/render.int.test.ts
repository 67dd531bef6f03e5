import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ffmpeg, probe } from "@storyboard/core/media/ffmpeg";
import { createTestUser, eventually, type TestUser, uploadScreenplay } from "@storyboard/local/test/fixtures";
import sharp from "sharp";
import { unzipSync } from "fflate";
import { holdsOf } from "@storyboard/core/media/timeline";

const json = { "content-type": "application/json" };

async function uploadReady(user: TestUser) {
  const res = await uploadScreenplay(user, "fdx");
  const { id } = await res.json();
  return eventually(async () => {
    const body = await (await user.call(`/api/screenplays/${id}`)).json();
    return body.status === "ready" ? body : null;
  });
}

async function waitForStatus(user: TestUser, id: string, statuses: string[], timeoutMs = 90_000) {
  return eventually(async () => {
    const body = await (await user.call(`/api/renders/${id}`)).json();
    if (body.status === "failed" && !statuses.includes("failed")) throw new Error(`Render failed: ${body.failureReason}`);
    return statuses.includes(body.status) ? body : null;
  }, timeoutMs);
}

/** A render file as its owner gets it: through the signed address that /api/media/{key} redirects to. */
async function media(user: TestUser, key: string) {
  const res = await user.call(`/api/media/${key}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** A tiny blurred greyscale thumbnail: compares a video frame with a source image despite the slow zoom. */
const thumb = async (bytes: Buffer) => sharp(bytes).resize(16, 9, { fit: "fill" }).greyscale().blur(0.8).raw().toBuffer();
const distance = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;

describe("a render from upload to video, through the local runner", () => {
  it("prepares, pauses for both reviews, generates, compiles and stores every output", async () => {
    const user = await createTestUser({ points: 1000 });
    const screenplay = await uploadReady(user);
    const voices = await (await user.call("/api/voices")).json();
    const female = voices.find((v: { labels: { gender?: string } }) => v.labels.gender === "female");

    const created = await user.call("/api/renders", {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        screenplayId: screenplay.id,
        title: "Testplay Render",
        style: "noir",
        characterVoices: { PROGRAMMER: { voiceId: female.voice_id, voiceName: female.name } },
        previewDescriptionsBeforeFirstImages: true,
        previewImagesBeforeFirstRender: true,
      }),
    });
    expect(created.status).toBe(200);
    const { id } = await created.json();
    const balance = await (await user.call("/api/renders/" + id)).json();
    expect(balance.pointsCharged).toBe(screenplay.pageCount * 100);

    // Review 1: descriptions.
    const described = await waitForStatus(user, id, ["descriptions_ready"]);
    expect(described.characterVoices.PROGRAMMER.voiceId).toBe(female.voice_id);
    expect(described.characterVoices.NARRATOR.voiceName).toBe("George");
    // The poster is titled with the screenplay's title, which the render keeps; the render's own title ends in "Render".
    expect(described.screenplaySnapshot.title).toBe(screenplay.title);
    const programmer = described.screenplaySnapshot.characterDictionary.PROGRAMMER;
    expect(programmer.description.length).toBeGreaterThan(10);
    const saved = await user.call(`/api/renders/${id}/descriptions`, {
      method: "PUT",
      headers: json,
      body: JSON.stringify({
        characterDictionary: { PROGRAMMER: { description: "A tired coder in a grey hoodie." } },
        sceneDictionary: {},
      }),
    });
    expect(saved.status).toBe(200);
    const afterEdit = await (await user.call(`/api/renders/${id}`)).json();
    const dialogue = afterEdit.screenplaySnapshot.blocks.find((b: { type: string }) => b.type === "dialogue");
    expect(dialogue.imagePrompt).toContain("grey hoodie");
    expect(dialogue.imagePrompt.toLowerCase()).toContain("noir");

    const start = await user.call("/api/renders/status", {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ renderJobId: id, status: "generating_assets" }),
    });
    expect(start.status).toBe(200);

    // Review 2: images.
    const assets = await waitForStatus(user, id, ["assets_ready"]);
    const completion = await (await user.call(`/api/renders/mediaCompletion/${id}`)).json();
    const mediaBlocks = assets.screenplaySnapshot.blocks.filter((b: { hasMedia: boolean }) => b.hasMedia);
    expect(completion).toEqual({
      total: mediaBlocks.length * 2,
      remaining: 0,
      typeBreakdown: { audio: { total: mediaBlocks.length, remaining: 0 }, image: { total: mediaBlocks.length, remaining: 0 } },
    });
    for (const b of mediaBlocks) {
      expect(b.imageUrl).toHaveLength(1);
      expect(b.duration).toBeGreaterThan(300);
    }

    // Swap one block's image for a newly generated one (10 points).
    const target = mediaBlocks[1];
    const generated = await user.call("/api/renders/blocks/image", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ renderJobId: id, blockId: target.id, imagePrompt: "A wide night shot of an empty car park" }),
    });
    expect(generated.status).toBe(200);
    // The frame is answered pending and drawn in the background (docs/decisions.md#on-demand-frames).
    const { requestId, status: frameStatus } = await generated.json();
    expect(frameStatus).toBe("pending");
    type Frame = { requestId: string; status: string; url?: string };
    const { url } = await eventually(async () => {
      const { items } = (await (await user.call(`/api/renders/${id}/image-requests`)).json()) as { items: Frame[] };
      return items.find((f) => f.requestId === requestId && f.status === "ready");
    });
    const order = await user.call("/api/renders/save-image-order", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ renderJobId: id, blockId: target.id, imageUrl: [url, target.imageUrl[0]] }),
    });
    expect(order.status).toBe(200);
    const foreign = await user.call("/api/renders/save-image-order", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ renderJobId: id, blockId: target.id, imageUrl: ["renders/someone-else/x.png"] }),
    });
    expect(foreign.status).toBe(400);

    const video = await user.call("/api/renders/status", {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ renderJobId: id, status: "rendering" }),
    });
    expect(video.status).toBe(200);
    const done = await waitForStatus(user, id, ["complete"], 120_000);
    for (const path of [done.outputFilePath, done.posterImagePath, done.combinedAudioPath, done.projectZipPath]) expect(path).toBeTruthy();
    // What time left was measured from (render/progress.ts): every asset of this generation, every millisecond of video.
    expect(done.pace).toMatchObject({ assetsAtStart: 0, assetsTotal: mediaBlocks.length * 2, assetsMade: mediaBlocks.length * 2 });
    expect(done.pace.videoEncodedMs).toBe(done.pace.videoMs);
    expect(Date.parse(done.pace.compileStartedAt)).toBeGreaterThan(Date.parse(done.pace.generateStartedAt));

    // The MP4: H.264 and AAC, as long as the narration, each block's image at its midpoint.
    const dir = mkdtempSync(join(tmpdir(), "render-it-"));
    const mp4 = join(dir, "video.mp4");
    writeFileSync(mp4, await media(user, done.outputFilePath));
    const probed = await probe(mp4);
    expect(probed.streams.find((s) => s.codecType === "video")).toMatchObject({ codecName: "h264", width: 1280, height: 720 });
    expect(probed.streams.find((s) => s.codecType === "audio")?.codecName).toBe("aac");
    const blocks = done.screenplaySnapshot.blocks.filter((b: { hasMedia: boolean }) => b.hasMedia);
    // Each shot holds its narration, at least MIN_HOLD_MS, and the last one FINAL_HOLD_MS longer (docs/product.md#renders).
    const holds = holdsOf(blocks.map((b: { duration: number }) => b.duration));
    const total = holds.reduce((sum, h) => sum + h, 0) / 1000;
    expect(Math.abs(probed.duration - total) / total).toBeLessThan(0.01);

    const images = await Promise.all(blocks.map(async (b: { imageUrl: string[] }) => thumb(await media(user, b.imageUrl[0]))));
    expect(blocks[1].imageUrl[0]).toBe(url);
    // Each block's midpoint frame must be its own image, give or take the slow pan. Images of
    // one scene can be near twins, so the frame is compared with the images that differ from
    // its own by more than twice the pan's noise: by the triangle inequality the frame must be
    // closer to its own image than to any of those.
    let cursor = 0;
    let compared = 0;
    for (const [i, b] of blocks.entries()) {
      const mid = cursor + Math.min(b.duration, holds[i]) / 2000;
      cursor += holds[i] / 1000;
      const frame = join(dir, `frame-${i}.png`);
      await ffmpeg(["-ss", mid.toFixed(3), "-i", mp4, "-frames:v", "1", frame]);
      const f = await thumb(readFileSync(frame));
      const own = distance(f, images[i]);
      expect(own).toBeLessThan(25);
      const distinct = images.filter((img, j) => j !== i && distance(img, images[i]) > 2 * own + 2);
      for (const other of distinct) expect(distance(f, other)).toBeGreaterThan(own);
      if (distinct.length) compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(Math.ceil(blocks.length / 2));

    const zip = unzipSync(new Uint8Array(await media(user, done.projectZipPath)));
    const names = Object.keys(zip);
    expect(names.filter((n) => n.startsWith("images/"))).toHaveLength(blocks.length);
    expect(names.filter((n) => n.startsWith("audio/"))).toHaveLength(blocks.length);
    expect(names).toEqual(expect.arrayContaining(["captions.srt", "captions.vtt", "screenplay.json", "edit-list.json"]));

    // Points: the render and one image, nothing else.
    const renders = await (await user.call("/api/renders")).json();
    expect(renders.map((r: { id: string }) => r.id)).toContain(id);
  });

  it("answers 402 with the shortfall when points are too few, and creates nothing", async () => {
    const user = await createTestUser({ points: 50 });
    const screenplay = await uploadReady(user);
    const res = await user.call("/api/renders", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ screenplayId: screenplay.id, title: "Too dear", style: "cinematic" }),
    });
    expect(res.status).toBe(402);
    const body = await res.json();
    expect(body).toMatchObject({ code: "payment_required", cost: 100, balance: 50, shortfall: 50 });
    expect(await (await user.call("/api/renders")).json()).toEqual([]);
  });

  it("answers a render refused under concurrency with the balance its debit read, never 'You need 0 more points'", async () => {
    const user = await createTestUser({ points: 150 });
    const screenplay = await uploadReady(user);
    const start = () =>
      user.call("/api/renders", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ screenplayId: screenplay.id, title: "At once", style: "cinematic", previewDescriptionsBeforeFirstImages: true }),
      });
    const answers = await Promise.all([start(), start(), start()]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(402);
      const body = await refused.json();
      expect(body).toMatchObject({ code: "payment_required", cost: 100, balance: 50, shortfall: 50 });
      expect(body.message).toBe("This render costs 100 points and you have 50. You need 50 more points.");
    }
  });

  it("keeps another user's render private (404) and refuses a review step out of order (409)", async () => {
    const owner = await createTestUser({ points: 1000 });
    const other = await createTestUser();
    const screenplay = await uploadReady(owner);
    const { id } = await (
      await owner.call("/api/renders", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ screenplayId: screenplay.id, title: "Mine", style: "comic" }),
      })
    ).json();
    expect((await other.call(`/api/renders/${id}`)).status).toBe(404);
    expect((await other.call(`/api/renders/mediaCompletion/${id}`)).status).toBe(404);
    const sneaky = await other.call("/api/renders/status", {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ renderJobId: id, status: "generating_assets" }),
    });
    expect(sneaky.status).toBe(404);
    await waitForStatus(owner, id, ["descriptions_ready"]);
    const skip = await owner.call("/api/renders/status", {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ renderJobId: id, status: "complete" }),
    });
    expect(skip.status).toBe(409);
  });
});
