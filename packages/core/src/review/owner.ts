/**
 * The owner's side of the comments (docs/product.md#review-links): every
 * thread on a render, with those from links on earlier renders of the same
 * screenplay carried to the matching block (review/carry.ts), replies and
 * resolving. Another user's render or comment answers 404.
 */
import { randomUUID } from "node:crypto";
import { useUserId } from "../actor";
import { nowIso } from "../clock";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { getOwnRenderJob, getRenderBlocks, hasMedia, type RenderBlockItem, type RenderJobItem } from "../render/jobs";
import { getUser } from "../user/user";
import { type AnchorBlock, carryAnchors } from "./carry";
import { commentView, type CommentItem, inThreads, type Placement, placedAsMade } from "./comments-store";
import { reviewFrames } from "./frames";
import type { Decision, OwnerFrameLabel, OwnerReplyInput, ReviewComment, ReviewFrame } from "./schema";
import { REVIEW_MESSAGES } from "./schema";

export type OwnerDecision = Decision & { linkId: string; linkName: string };

const mediaBlocks = async (renderJobId: string): Promise<AnchorBlock[]> => (await getRenderBlocks(renderJobId)).filter(hasMedia);

/** The renders of the screenplay made before `job`, by id (their comments show on it). */
async function earlierRenders(job: RenderJobItem) {
  const { data } = await db.entities.renderJob.query.byScreenplay({ screenplayId: job.screenplayId }).go({ pages: "all" });
  return new Set(data.filter((r) => r.userId === job.userId && r.createdAt < job.createdAt).map((r) => r.renderJobId));
}

/**
 * GET /api/renders/{id}/comments, with the render's frames named as the reviewer's page names them
 * ('Scene 1 Shot 1B'), so both sides point at a frame with the same words.
 */
export async function ownerComments(
  renderJobId: string,
): Promise<{ comments: ReviewComment[]; decisions: OwnerDecision[]; frames: OwnerFrameLabel[] }> {
  const job = await getOwnRenderJob(renderJobId);
  const blocks = await getRenderBlocks(job.renderJobId);
  const { frames } = blocks.some(hasMedia) ? safeFrames(job, blocks) : { frames: [] };
  const userId = job.userId;
  const earlier = await earlierRenders(job);
  const { data: all } = await db.entities.reviewComment.query.byScreenplay({ screenplayId: job.screenplayId }).go({ pages: "all" });
  const comments = all.filter((c) => c.userId === userId && (c.renderJobId === renderJobId || earlier.has(c.renderJobId)));
  const { data: links } = await db.entities.reviewLink.query.byOwner({ userId }).go({ pages: "all" });
  const linkName = new Map(links.map((l) => [l.linkId, l.name]));
  const placements = await placeOn(job, comments, blocks, frames);
  const resolved = new Map(comments.filter((c) => !c.parentId).map((c) => [c.commentId, c.resolved ?? false]));
  const views = inThreads(comments).map((c) =>
    commentView(c, { resolved: resolved.get(c.parentId ?? c.commentId) ?? false }, placements.get(c.parentId ?? c.commentId) ?? placedAsMade(c), linkName.get(c.linkId) ?? ""),
  );
  const ownLinks = links.filter((l) => l.renderJobId === renderJobId);
  const decisions = (
    await Promise.all(
      ownLinks.map(async (l) => (await db.entities.reviewDecision.query.byLink({ linkId: l.linkId }).go({ pages: "all" })).data),
    )
  )
    .flat()
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((d) => ({ decision: d.decision, name: d.name, note: d.note ?? null, at: d.createdAt, linkId: d.linkId, linkName: linkName.get(d.linkId) ?? "" }));
  return { comments: views, decisions, frames: frames.map(({ blockId, label }) => ({ blockId, label })) };
}

/** Where each thread's first comment shows on `job`: as made on its own render, carried from an earlier one. */
async function placeOn(
  job: RenderJobItem,
  comments: CommentItem[],
  blocks: RenderBlockItem[],
  frames: ReviewFrame[],
): Promise<Map<string, Placement>> {
  const placements = new Map<string, Placement>();
  const roots = comments.filter((c) => !c.parentId);
  for (const c of roots) if (c.renderJobId === job.renderJobId) placements.set(c.commentId, placedAsMade(c));
  const carried = roots.filter((c) => c.renderJobId !== job.renderJobId);
  if (!carried.length) return placements;
  const to = blocks.filter(hasMedia);
  const startOf = new Map(frames.map((f) => [f.blockId, f]));
  const byRender = new Map<string, CommentItem[]>();
  for (const c of carried) byRender.set(c.renderJobId, [...(byRender.get(c.renderJobId) ?? []), c]);
  for (const [fromRender, group] of byRender) {
    const anchors = carryAnchors(group, await mediaBlocks(fromRender), to);
    group.forEach((c, i) => {
      const { blockId, outdated } = anchors[i];
      const frame = blockId ? startOf.get(blockId) : undefined;
      const atMs = c.atMs !== undefined && frame ? frame.startMs + Math.min(c.offsetMs ?? 0, Math.max(0, frame.durationMs - 1)) : null;
      placements.set(c.commentId, { blockId, atMs, outdated });
    });
  }
  return placements;
}

/** A render whose blocks cannot be timed (not compiled yet) shows carried comments without times. */
function safeFrames(job: RenderJobItem, blocks: RenderBlockItem[]): { frames: ReviewFrame[] } {
  try {
    return reviewFrames(job, blocks, () => "");
  } catch {
    return { frames: [] };
  }
}

/** The caller's comment, or a 404. */
async function getOwnComment(commentId: string): Promise<CommentItem> {
  const userId = useUserId();
  const { data } = await db.entities.reviewComment.get({ commentId }).go();
  if (!data || data.userId !== userId) throw AppError.notFound(REVIEW_MESSAGES.commentNotFound);
  return data;
}

/**
 * POST /api/renders/{id}/comments: the owner's reply, in the thread's own link
 * (so that link's reviewer reads it), signed with the owner's name or 'Writer'.
 */
export async function ownerReply(renderJobId: string, input: OwnerReplyInput): Promise<ReviewComment> {
  const job = await getOwnRenderJob(renderJobId);
  const parent = await getOwnComment(input.parentId);
  const root = parent.parentId ? await getOwnComment(parent.parentId) : parent;
  if (root.screenplayId !== job.screenplayId) throw AppError.notFound(REVIEW_MESSAGES.commentNotFound);
  const owner = await getUser(job.userId);
  const commentId = randomUUID();
  await db.entities.reviewComment
    .create({
      commentId,
      linkId: root.linkId,
      renderJobId: root.renderJobId,
      userId: job.userId,
      screenplayId: job.screenplayId,
      parentId: root.commentId,
      ...(root.blockId ? { blockId: root.blockId } : {}),
      name: owner.fullName?.trim() || "Writer",
      text: input.text,
      author: "owner",
      createdAt: nowIso(),
    })
    .go();
  const { comments } = await ownerComments(renderJobId);
  return comments.find((c) => c.commentId === commentId)!;
}

/**
 * POST /api/comments/{id}/resolve: a thread is resolved as a whole, so resolving a
 * reply resolves its thread; the answer is the thread's first comment.
 */
export async function resolveComment(commentId: string, resolved: boolean): Promise<ReviewComment> {
  const comment = await getOwnComment(commentId);
  const root = comment.parentId ? await getOwnComment(comment.parentId) : comment;
  await db.entities.reviewComment.patch({ commentId: root.commentId }).set({ resolved }).go();
  const { data: link } = await db.entities.reviewLink.get({ linkId: root.linkId }).go();
  return commentView({ ...root, resolved }, { resolved }, placedAsMade(root), link?.name ?? "");
}
