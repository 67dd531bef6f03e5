/**
 * The reviewer's side (docs/product.md#review-links): everything by the token,
 * nothing else. A link answers only its own render, its own comments and
 * decisions; never the owner's e-mail, other links or other renders.
 */
import { randomUUID } from "node:crypto";
import { nowIso } from "../clock";
import { getAspect } from "../catalog/aspects";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { getRenderBlocks, hasMedia, type RenderBlockItem, type RenderJobItem } from "../render/jobs";
import { REVIEW_MEDIA, signedWithin } from "../render/media-access";
import { blockContentKey } from "./carry";
import { commentView, type CommentItem, inThreads, placedAsMade } from "./comments-store";
import { frameAt, reviewFrames } from "./frames";
import { assertReviewWithinLimits } from "./limits";
import { activeLinkOf, commentsOfLink, decisionOf, type ReviewLinkItem } from "./links";
import { scheduleReviewMail } from "./mail";
import type { Decision, DecisionInput, ReviewComment, ReviewerCommentInput, ReviewView } from "./schema";
import { REVIEW_MESSAGES } from "./schema";

/**
 * A file of the link's own render, as a short-lived signed address straight to the bucket. Handed out in
 * the view rather than behind a `/api/review/...` redirect: a `<video>` or `<img>` cannot send the token
 * in a header, and a token in a path is written into the CDN's access logs (docs/decisions.md#review-links).
 */
const reviewMedia = (key: string, download?: string) => signedWithin(key, REVIEW_MEDIA, download);

const downloadName = (title: string) => `${title.replace(/[\\/:*?"<>|]+/g, " ").trim() || "storyboard"}.mp4`;

const frameKey = (block: RenderBlockItem | undefined) => (block && hasMedia(block) ? block.imageUrl?.[0] : undefined);

/** The link and its render, if the render can still be watched (hosting not expired). */
export async function openReview(token: string): Promise<{ link: ReviewLinkItem; job: RenderJobItem }> {
  const link = await activeLinkOf(token);
  // Only a missing render reads as an inactive link: a storage error stays an error (a 5xx the reviewer may retry).
  const { data: job } = await db.entities.renderJob.get({ renderJobId: link.renderJobId }).go();
  if (!job || job.userId !== link.userId || !job.outputFilePath || job.hostingExpiredAt) throw AppError.notFound(REVIEW_MESSAGES.inactive);
  return { link, job };
}

const threadState = (comments: CommentItem[]) => {
  const resolved = new Map(comments.filter((c) => !c.parentId).map((c) => [c.commentId, c.resolved ?? false]));
  return (c: CommentItem) => ({ resolved: resolved.get(c.parentId ?? c.commentId) ?? false });
};

function reviewerComments(link: ReviewLinkItem, comments: CommentItem[]): ReviewComment[] {
  const stateOf = threadState(comments);
  return inThreads(comments).map((c) => commentView(c, stateOf(c), placedAsMade(c), link.name));
}

/** GET /api/review (the token in its header) */
export async function reviewView(token: string): Promise<ReviewView> {
  const { link, job } = await openReview(token);
  const blocks = await getRenderBlocks(job.renderJobId);
  const byId = new Map(blocks.map((b) => [b.blockId, b]));
  const strip = reviewFrames(job, blocks, () => "");
  const frames = await Promise.all(
    strip.frames.map(async (frame) => {
      const key = frameKey(byId.get(frame.blockId));
      return { ...frame, imageUrl: key ? await reviewMedia(key) : "" };
    }),
  );
  const video = job.outputFilePath!;
  return {
    linkName: link.name,
    title: job.title,
    allowDownload: link.allowDownload ?? false,
    expiresAt: link.linkExpiresAt ?? null,
    aspect: getAspect(job.aspect).id,
    durationMs: strip.durationMs,
    videoUrl: await reviewMedia(video),
    posterUrl: job.posterImagePath ? await reviewMedia(job.posterImagePath) : null,
    downloadUrl: link.allowDownload ? await reviewMedia(video, downloadName(job.title)) : null,
    frames,
    comments: reviewerComments(link, await commentsOfLink(link.linkId)),
    decision: decisionOf(link),
  };
}

/** POST /api/review/comments. A reply joins its thread's first comment and its frame. */
export async function postReviewerComment(token: string, input: ReviewerCommentInput, address: string): Promise<ReviewComment> {
  const { link, job } = await openReview(token);
  const parent = input.parentId ? await threadRootOnLink(input.parentId, link.linkId) : undefined;
  const anchor = parent ? anchorOfParent(parent) : await anchorOf(job, input);
  await assertReviewWithinLimits(address, link.linkId);
  const { data } = await db.entities.reviewComment
    .create({
      commentId: randomUUID(),
      linkId: link.linkId,
      renderJobId: job.renderJobId,
      userId: link.userId,
      screenplayId: link.screenplayId,
      ...(parent ? { parentId: parent.commentId } : {}),
      ...anchor,
      name: input.name,
      text: input.text,
      author: "reviewer",
      createdAt: nowIso(),
    })
    .go();
  await scheduleReviewMail(link);
  const item = data as CommentItem;
  return commentView(item, { resolved: parent?.resolved ?? false }, placedAsMade(item), link.name);
}

/** POST /api/review/decision: kept in the history and as the link's latest. */
export async function postDecision(token: string, input: DecisionInput, address: string): Promise<Decision> {
  const { link, job } = await openReview(token);
  await assertReviewWithinLimits(address, link.linkId);
  const at = nowIso();
  const note = input.note || undefined;
  await db.entities.reviewDecision
    .create({ decisionId: randomUUID(), linkId: link.linkId, renderJobId: job.renderJobId, decision: input.decision, name: input.name, note, createdAt: at })
    .go();
  await db.entities.reviewLink
    .patch({ linkId: link.linkId })
    .set({ decision: { decision: input.decision, name: input.name, at, ...(note ? { note } : {}) } })
    .go();
  await scheduleReviewMail(link);
  return { decision: input.decision, name: input.name, note: note ?? null, at };
}

/** The first comment of the thread `parentId` is in, on this link only (another link's comment is not found). */
async function threadRootOnLink(parentId: string, linkId: string): Promise<CommentItem> {
  const { data } = await db.entities.reviewComment.get({ commentId: parentId }).go();
  if (!data || data.linkId !== linkId) throw AppError.notFound(REVIEW_MESSAGES.commentNotFound);
  if (!data.parentId) return data;
  const { data: root } = await db.entities.reviewComment.get({ commentId: data.parentId }).go();
  if (!root) throw AppError.notFound(REVIEW_MESSAGES.commentNotFound);
  return root;
}

const anchorOfParent = (p: CommentItem) => ({
  ...(p.blockId ? { blockId: p.blockId } : {}),
  ...(p.blockKey ? { blockKey: p.blockKey } : {}),
  ...(p.blockIndex !== undefined ? { blockIndex: p.blockIndex } : {}),
});

/** A frame of this render (given, or the one on screen at `atMs`) and its content key; neither for a general comment. */
async function anchorOf(job: RenderJobItem, input: Pick<ReviewerCommentInput, "blockId" | "atMs">) {
  if (input.blockId === undefined && input.atMs === undefined) return {};
  const blocks = await getRenderBlocks(job.renderJobId);
  const { frames, durationMs } = reviewFrames(job, blocks, () => "");
  if (input.atMs !== undefined && input.atMs > durationMs) throw AppError.badRequest("That time is past the end of the video.");
  const frame = input.blockId !== undefined ? frames.find((f) => f.blockId === input.blockId) : frameAt(frames, input.atMs!);
  if (!frame) throw AppError.badRequest("That frame is not part of this storyboard.");
  const block = blocks.find((b) => b.blockId === frame.blockId)!;
  return {
    blockId: frame.blockId,
    blockKey: blockContentKey(block),
    blockIndex: frame.index,
    ...(input.atMs !== undefined ? { atMs: input.atMs, offsetMs: Math.max(0, input.atMs - frame.startMs) } : {}),
  };
}
