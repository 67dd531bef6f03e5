import { putObject } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { db } from "@storyboard/core/dynamo/service";
import { presignMediaGet } from "@storyboard/core/render/media-access";
import { createTestUser } from "@storyboard/local/test/fixtures";
import { describe, expect, it } from "vitest";
import { anonymous, creator, finishedRender, promote, showcaseFields } from "../showcase/test-support";

/** A finished render whose files exist in the media bucket. */
async function renderWithFiles(user: Awaited<ReturnType<typeof createTestUser>>) {
  const render = await finishedRender(user);
  for (const key of [render.video, render.poster, ...render.images, `${render.folder}project.zip`]) {
    await putObject(config.mediaBucket, key, `bytes of ${key}`, key.endsWith(".mp4") ? "video/mp4" : "application/octet-stream");
  }
  return render;
}

const noRedirect = { redirect: "manual" } as const;

describe("private media (docs/decisions.md#private-media)", () => {
  it("the owner gets a short-lived signed address that serves the file; the download names it", async () => {
    const owner = await createTestUser();
    const render = await renderWithFiles(owner);
    const answer = await owner.call(`/api/media/${render.video}`, noRedirect);
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get("location")!, process.env.API_URL);
    expect(Number(location.searchParams.get("X-Amz-Expires"))).toBe(3600);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(`bytes of ${render.video}`);
    const ranged = await fetch(location, { headers: { range: "bytes=0-4" } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe("bytes");

    const zip = `${render.folder}project.zip`;
    const download = await owner.call(`/api/media/${zip}?download=${encodeURIComponent("Night Shift – storyboard.zip")}`, noRedirect);
    const saved = await fetch(new URL(download.headers.get("location")!, process.env.API_URL));
    expect(saved.status).toBe(200);
    expect(saved.headers.get("content-disposition")).toBe(
      `attachment; filename="Night Shift _ storyboard.zip"; filename*=UTF-8''${encodeURIComponent("Night Shift – storyboard.zip")}`,
    );
  });

  it("another user's media URL answers 404, signed in or not, and the bucket refuses unsigned, tampered and expired addresses", async () => {
    const owner = await createTestUser();
    const render = await renderWithFiles(owner);
    const other = await createTestUser();
    for (const key of [render.video, `${render.folder}project.zip`, render.images[0]]) {
      expect((await other.call(`/api/media/${key}`, noRedirect)).status).toBe(404);
      expect((await anonymous(`/api/media/${key}`, noRedirect)).status).toBe(404);
    }
    const bucketUrl = (key: string) => new URL(`/media/${config.mediaBucket}/${key}`, process.env.API_URL);
    expect((await fetch(bucketUrl(render.video))).status).toBe(403);
    // The old public path answers nothing either.
    expect((await fetch(new URL(`/media/${render.video}`, process.env.API_URL))).status).toBe(404);

    const signed = new URL((await owner.call(`/api/media/${render.video}`, noRedirect)).headers.get("location")!, process.env.API_URL);
    const tampered = new URL(signed);
    tampered.pathname = tampered.pathname.replace("video.mp4", "project.zip");
    expect((await fetch(tampered)).status).toBe(403);
    const longer = new URL(signed);
    longer.searchParams.set("X-Amz-Expires", "604800");
    expect((await fetch(longer)).status).toBe(403);
    const old = await presignMediaGet(render.video, { expiresIn: 3600, signingDate: new Date(Date.now() - 2 * 3600 * 1000) });
    const expired = await fetch(new URL(old, process.env.API_URL));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toBe("Request has expired");
  });

  it("a line in the writer's asset store, which a revised render's block names, is its owner's only", async () => {
    const owner = await createTestUser();
    const line = `assets/${owner.userId}/screenplay-1/audio/${"a".repeat(64)}`;
    await putObject(config.mediaBucket, line, "RIFF line", "audio/wav");
    const answer = await owner.call(`/api/media/${line}`, noRedirect);
    expect(answer.status).toBe(302);
    expect(await (await fetch(new URL(answer.headers.get("location")!, process.env.API_URL))).text()).toBe("RIFF line");
    const other = await createTestUser();
    expect((await other.call(`/api/media/${line}`, noRedirect)).status).toBe(404);
    expect((await anonymous(`/api/media/${line}`, noRedirect)).status).toBe(404);
    // The rest of the store (its segments, mix pieces, zips) is read by the pipeline only.
    const segment = `assets/${owner.userId}/screenplay-1/segment/${"b".repeat(64)}`;
    await putObject(config.mediaBucket, segment, "segment", "video/mp2t");
    expect((await owner.call(`/api/media/${segment}`, noRedirect)).status).toBe(404);
  });

  it("a frame in the writer's asset store is its owner's, and anyone's while it is a public entry's thumbnail", async () => {
    const owner = await creator();
    const render = await renderWithFiles(owner);
    // A revised render's block names its reused frame where the store keeps it (render/plan-reuse.ts).
    const frame = `assets/${owner.userId}/screenplay-1/image/${"c".repeat(64)}.png`;
    const other = `assets/${owner.userId}/screenplay-1/image/${"d".repeat(64)}.png`;
    for (const key of [frame, other]) await putObject(config.mediaBucket, key, `PNG ${key}`, "image/png");
    await db.entities.renderBlock
      .patch({ renderJobId: render.renderJobId, blockId: "b0002" })
      .set({ imageUrl: [frame] })
      .go();
    const read = (key: string, who?: Awaited<ReturnType<typeof createTestUser>>) =>
      who ? who.call(`/api/media/${key}`, noRedirect) : anonymous(`/api/media/${key}`, noRedirect);
    expect((await read(frame, owner)).status).toBe(302);
    expect((await read(frame)).status).toBe(404);
    const promoted = await promote(owner, render.renderJobId, { thumbnailUrl: frame });
    expect(promoted.status).toBe(200);
    const entry = (await promoted.json()) as { id: string; thumbnailUrl: string };
    expect(entry.thumbnailUrl).toBe(frame);
    const shown = await read(frame);
    expect(shown.status).toBe(302);
    expect(await (await fetch(new URL(shown.headers.get("location")!, process.env.API_URL))).text()).toBe(`PNG ${frame}`);
    // Only the thumbnail: the store's other frames stay the owner's.
    expect((await read(other)).status).toBe(404);
    expect((await read(other, await createTestUser())).status).toBe(404);
    // Unpublished, it is the owner's again.
    const hidden = await owner.call(`/api/showcase/${entry.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...showcaseFields(), thumbnailUrl: frame, isPublic: false }),
    });
    expect(hidden.status).toBe(200);
    expect((await read(frame)).status).toBe(404);
    expect((await read(frame, owner)).status).toBe(302);
  });

  it("the files a public showcase entry shows stay public; the rest of that render stays private", async () => {
    const owner = await creator();
    const render = await renderWithFiles(owner);
    expect((await promote(owner, render.renderJobId, { thumbnailUrl: render.images[1] })).status).toBe(200);
    for (const key of [render.video, render.poster, render.images[1]]) {
      const answer = await anonymous(`/api/media/${key}`, noRedirect);
      expect(answer.status, key).toBe(302);
      expect((await fetch(new URL(answer.headers.get("location")!, process.env.API_URL))).status).toBe(200);
    }
    for (const key of [render.images[0], `${render.folder}project.zip`]) {
      expect((await anonymous(`/api/media/${key}`, noRedirect)).status, key).toBe(404);
    }
  });
});
