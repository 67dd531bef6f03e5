/**
 * Review links, the owner's side (docs/product.md#review-links): create,
 * list and revoke. Another user's render or link answers 404, as a missing one.
 */
import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { ReviewLink as ReviewLinkEntity } from "../dynamo/entities/review-link";
import { useUserId } from "../actor";
import { now, nowIso } from "../clock";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { getOwnRenderJob } from "../render/jobs";
import { threadCounts, type CommentItem } from "./comments-store";
import { type CreateLinkInput, type Decision, type LinkStatus, REVIEW_MESSAGES, type ReviewLink, reviewPagePath } from "./schema";
import { hashReviewToken, looksLikeReviewToken, newReviewToken } from "./token";

type LinkItem = EntityItem<typeof ReviewLinkEntity> & { createdAt: string };
export type ReviewLinkItem = LinkItem;

const DAY_MS = 24 * 3600 * 1000;

export function linkStatus(link: Pick<LinkItem, "revokedAt" | "linkExpiresAt">, at = now()): LinkStatus {
  if (link.revokedAt) return "revoked";
  if (link.linkExpiresAt && Date.parse(link.linkExpiresAt) <= at) return "expired";
  return "active";
}

export const decisionOf = (link: Pick<LinkItem, "decision">): Decision | null =>
  link.decision
    ? { decision: link.decision.decision as Decision["decision"], name: link.decision.name, note: link.decision.note ?? null, at: link.decision.at }
    : null;

export function linkView(link: LinkItem, comments: CommentItem[]): ReviewLink {
  return {
    linkId: link.linkId,
    name: link.name,
    url: reviewPagePath(link.token),
    allowDownload: link.allowDownload ?? false,
    expiresAt: link.linkExpiresAt ?? null,
    createdAt: link.createdAt,
    revokedAt: link.revokedAt ?? null,
    status: linkStatus(link),
    ...threadCounts(comments),
    decision: decisionOf(link),
  };
}

/** POST /api/renders/{id}/review-links: only a finished render, and only its owner. */
export async function createReviewLink(renderJobId: string, input: CreateLinkInput): Promise<ReviewLink> {
  const job = await getOwnRenderJob(renderJobId);
  if (job.status !== "complete" || !job.outputFilePath || job.hostingExpiredAt) throw AppError.conflict(REVIEW_MESSAGES.notFinished);
  const token = newReviewToken();
  const createdAt = nowIso();
  const { data } = await db.entities.reviewLink
    .create({
      linkId: randomUUID(),
      token,
      tokenHash: hashReviewToken(token),
      userId: job.userId,
      renderJobId,
      screenplayId: job.screenplayId,
      name: input.name,
      allowDownload: input.allowDownload,
      ...(input.expiresInDays ? { linkExpiresAt: new Date(now() + input.expiresInDays * DAY_MS).toISOString() } : {}),
      createdAt,
    })
    .go();
  return linkView(data as LinkItem, []);
}

/** The owner's links of one render, newest first. */
export async function ownLinksOf(renderJobId: string): Promise<LinkItem[]> {
  const userId = useUserId();
  const { data } = await db.entities.reviewLink.query.byOwner({ userId, renderJobId }).go({ pages: "all", order: "desc" });
  return data;
}

/** GET /api/renders/{id}/review-links */
export async function listReviewLinks(renderJobId: string): Promise<ReviewLink[]> {
  await getOwnRenderJob(renderJobId);
  const links = await ownLinksOf(renderJobId);
  const comments = await Promise.all(links.map((l) => commentsOfLink(l.linkId)));
  return links.map((link, i) => linkView(link, comments[i]));
}

/** The caller's link, or a 404. */
export async function getOwnLink(linkId: string): Promise<LinkItem> {
  const userId = useUserId();
  const { data } = await db.entities.reviewLink.get({ linkId }).go();
  if (!data || data.userId !== userId) throw AppError.notFound(REVIEW_MESSAGES.linkNotFound);
  return data;
}

/** DELETE /api/review-links/{linkId}: the link answers 404 from now on; revoking twice keeps the first time. */
export async function revokeReviewLink(linkId: string): Promise<ReviewLink> {
  const link = await getOwnLink(linkId);
  const revoked = link.revokedAt ? link : { ...link, ...(await setRevoked(linkId)) };
  return linkView(revoked, await commentsOfLink(linkId));
}

async function setRevoked(linkId: string) {
  const revokedAt = nowIso();
  await db.entities.reviewLink.patch({ linkId }).set({ revokedAt }).go();
  return { revokedAt };
}

/** The active link a token opens, or the one 404 every other token gets (unknown, revoked, expired). */
export async function activeLinkOf(token: string): Promise<LinkItem> {
  if (!looksLikeReviewToken(token)) throw AppError.notFound(REVIEW_MESSAGES.inactive);
  const { data } = await db.entities.reviewLink.query.byToken({ tokenHash: hashReviewToken(token) }).go();
  const link = data[0];
  if (!link || link.token !== token || linkStatus(link) !== "active") throw AppError.notFound(REVIEW_MESSAGES.inactive);
  return link;
}

export async function commentsOfLink(linkId: string): Promise<CommentItem[]> {
  const { data } = await db.entities.reviewComment.query.byLink({ linkId }).go({ pages: "all" });
  return data;
}
