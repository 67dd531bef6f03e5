/**
 * Helpers for the review link tests: a finished render with timed blocks,
 * written straight into the table (the render pipeline has its own tests),
 * and calls by the token (in its header, as the page sends it).
 */
import { randomUUID } from "node:crypto";
import { renderKeys } from "@storyboard/core/blob/keys";
import { putObject } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { db } from "@storyboard/core/dynamo/service";
import { REVIEW_TOKEN_HEADER } from "@storyboard/core/review/schema";
import type { TestUser } from "@storyboard/local/test/fixtures";

export const json = { "content-type": "application/json" };

export interface BlockSpec {
  type: string;
  text: string;
  character?: string;
}

export const NIGHT_DESK: BlockSpec[] = [
  { type: "scene_heading", text: "INT. NIGHT DESK - NIGHT" },
  { type: "action", text: "The guard dozes over a cold coffee." },
  { type: "dialogue", text: "Wake up. Someone is in the vault.", character: "MARA" },
  { type: "action", text: "He does not move." },
];

/** A complete render of `screenplayId` (new by default) with a video, a poster and a frame and a line per block. */
export async function reviewableRender(
  user: TestUser,
  options: { screenplayId?: string; blocks?: BlockSpec[]; createdAt?: string; status?: "complete" | "rendering"; title?: string } = {},
) {
  const renderJobId = randomUUID();
  const folder = renderKeys.folder(user.userId, renderJobId);
  const blocks = options.blocks ?? NIGHT_DESK;
  await db.entities.renderJob
    .create({
      renderJobId,
      userId: user.userId,
      screenplayId: options.screenplayId ?? randomUUID(),
      title: options.title ?? "Night Desk",
      style: "noir",
      status: options.status ?? "complete",
      completedAt: new Date().toISOString(),
      hostingState: "hosted",
      outputFilePath: `${folder}video.mp4`,
      posterImagePath: `${folder}poster.jpg`,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .go();
  const ids: string[] = [];
  for (const [i, b] of blocks.entries()) {
    const blockId = `b${String(i + 1).padStart(4, "0")}`;
    ids.push(blockId);
    await db.entities.renderBlock
      .create({
        renderJobId,
        blockId,
        position: i,
        type: b.type,
        text: b.text,
        ...(b.character ? { character: b.character } : {}),
        imageUrl: [`${folder}images/${blockId}-1.jpg`],
        audioUrl: `${folder}audio/${blockId}.wav`,
        duration: 2000,
      })
      .go();
  }
  await putObject(config.mediaBucket, `${folder}video.mp4`, "the video", "video/mp4");
  return { renderJobId, folder, blockIds: ids };
}

export const byToken = (path: string, init: RequestInit = {}, address?: string) =>
  fetch(new URL(path, process.env.API_URL), {
    ...init,
    headers: { ...json, origin: process.env.API_URL!, ...(address ? { "x-forwarded-for": address } : {}), ...(init.headers as Record<string, string>) },
  });

/** A reviewer's call: `/api/review` plus `rest`, the token in its header as the page sends it. */
export const asReviewer = (token: string, rest: "" | "/comments" | "/decision", init: RequestInit = {}, address?: string) =>
  byToken(`/api/review${rest}`, { ...init, headers: { ...(init.headers as Record<string, string>), [REVIEW_TOKEN_HEADER]: token } }, address);

export const post = (body: unknown): RequestInit => ({ method: "POST", headers: json, body: JSON.stringify(body) });

export async function createLink(owner: TestUser, renderJobId: string, body: Record<string, unknown> = { name: "For Dana" }) {
  const res = await owner.call(`/api/renders/${renderJobId}/review-links`, post(body));
  if (res.status !== 201) throw new Error(`create link answered ${res.status}: ${await res.text()}`);
  const { link } = (await res.json()) as { link: { linkId: string; url: string } };
  return { ...link, token: link.url.replace("/review#", "") };
}

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

export async function mailsTo(email: string): Promise<StoredMail[]> {
  const { emails } = (await (await fetch(`${process.env.SES_URL}/store`)).json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(email));
}
