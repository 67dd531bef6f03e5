import { putObject } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { presignMediaGet } from "@storyboard/core/render/media-access";
import { createTestUser } from "@storyboard/local/test/fixtures";
import { describe, expect, it } from "vitest";
import { anonymous, creator, finishedRender, promote } from "../showcase/test-support";

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
