/**
 * Helpers for the showcase integration tests: a finished render written
 * straight into the table (the render pipeline has its own tests) and a
 * promoted entry made through the real endpoint.
 */
import { randomUUID } from "node:crypto";
import { renderKeys } from "@storyboard/core/blob/keys";
import { db } from "@storyboard/core/dynamo/service";
import { createTestUser, type TestUser } from "@storyboard/local/test/fixtures";

export const json = { "content-type": "application/json" };

/** A complete render with a video, a poster and two block images, owned by `user`. */
export async function finishedRender(user: TestUser, options: { video?: boolean; status?: "complete" | "failed" } = {}) {
  const renderJobId = randomUUID();
  const folder = renderKeys.folder(user.userId, renderJobId);
  await db.entities.renderJob
    .create({
      renderJobId,
      userId: user.userId,
      screenplayId: randomUUID(),
      title: "A finished render",
      style: "noir",
      status: options.status ?? "complete",
      completedAt: new Date().toISOString(),
      hostingState: "hosted",
      ...(options.video === false ? {} : { outputFilePath: `${folder}video.mp4` }),
      posterImagePath: `${folder}poster.jpg`,
    })
    .go();
  const images = [`${folder}images/b0001-1.jpg`, `${folder}images/b0002-1.jpg`];
  for (const [i, image] of images.entries()) {
    await db.entities.renderBlock
      .create({ renderJobId, blockId: `b000${i + 1}`, position: i, type: "action", text: `Block ${i + 1}`, imageUrl: [image] })
      .go();
  }
  return { renderJobId, folder, images, poster: `${folder}poster.jpg`, video: `${folder}video.mp4` };
}

export const creator = () => createTestUser({ roles: ["features"] });

export const showcaseFields = (extra: Record<string, unknown> = {}) => ({
  title: "The Lighthouse Keeper",
  logline: "A keeper finds a message in the lamp.",
  genre: "Drama",
  subgenres: ["Family Drama"],
  tags: ["Dark", "Small Town"],
  displayName: "Mara Quill",
  ...extra,
});

export async function promote(user: TestUser, renderJobId: string, extra: Record<string, unknown> = {}) {
  return user.call("/api/showcase/promote", { method: "POST", headers: json, body: JSON.stringify({ renderJobId, ...showcaseFields(extra) }) });
}

/** A features user with a promoted finished render. */
export async function promotedEntry(extra: Record<string, unknown> = {}, owner?: TestUser) {
  const user = owner ?? (await creator());
  const render = await finishedRender(user);
  const res = await promote(user, render.renderJobId, extra);
  if (res.status !== 200) throw new Error(`promote answered ${res.status}: ${await res.text()}`);
  const entry = await res.json();
  return { user, render, entry };
}

export const anonymous = (path: string, init: RequestInit = {}) => fetch(new URL(path, process.env.API_URL), init);

export const admin = () => createTestUser({ roles: ["admin"] });
