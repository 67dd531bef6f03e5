/**
 * The owner's e-mail about review activity, batched (docs/decisions.md#review-links):
 * at most one per link per 10 minutes. The first comment or decision after a
 * quiet spell makes the next mail due at once (or 10 minutes after the last
 * one); everything that arrives before the sweeper sends it (every 5 minutes,
 * jobs/stuck-work.ts) goes in that one mail. A link is marked mailed before the
 * mail goes, so a retried sweep never mails twice.
 */
import { now } from "../clock";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { sendMail } from "../notification/mailer";
import { shouldNotify } from "../notification/preferences";
import { clearDeadline, dueDeadlines } from "../render/deadlines";
import { getRenderJob } from "../render/jobs";
import { getUser } from "../user/user";
import type { ReviewLinkItem } from "./links";
import { reviewActivityMail } from "./mail-template";

export const REVIEW_MAIL_INTERVAL_MS = 10 * 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** After reviewer activity on a link: makes its next mail due, unless one already is. */
export async function scheduleReviewMail(link: Pick<ReviewLinkItem, "linkId">) {
  const { data: fresh } = await db.entities.reviewLink.get({ linkId: link.linkId }).go({ consistent: true });
  if (!fresh || fresh.mailDueAt) return;
  const at = now();
  const dueAt = iso(Math.max(at, fresh.mailedAt ? Date.parse(fresh.mailedAt) + REVIEW_MAIL_INTERVAL_MS : at));
  // The deadline first: a deadline without mailDueAt only sends a mail early, while mailDueAt without its
  // deadline would stop the link's mails for good (every later call returns at the check above).
  await db.entities.deadline.put({ kind: "reviewMail", id: link.linkId, dueAt }).go();
  try {
    await db.entities.reviewLink
      .patch({ linkId: link.linkId })
      .set({ mailDueAt: dueAt })
      // Only if no other request scheduled it, and no mail went, since the read.
      .where((l, { notExists, eq }) => `${notExists(l.mailDueAt)} AND ${fresh.mailedAt ? eq(l.mailedAt, fresh.mailedAt) : notExists(l.mailedAt)}`)
      .go();
  } catch (error) {
    if (isConditionFailed(error)) return;
    throw error;
  }
}

/** The sweeper's part: every link whose mail is due gets it. Answers how many mails went. */
export async function sendDueReviewMails(at = now()): Promise<number> {
  let sent = 0;
  for (const deadline of await dueDeadlines("reviewMail", at)) {
    try {
      if (await sendReviewMail(deadline.id, at)) sent++;
    } catch (error) {
      // The next sweep tries again: the deadline stays.
      logger.error("Review e-mail not sent", { error: error as Error, linkId: deadline.id });
      continue;
    }
    await clearDeadline("reviewMail", deadline.id, deadline.dueAt);
  }
  return sent;
}

async function sendReviewMail(linkId: string, at: number): Promise<boolean> {
  const { data: link } = await db.entities.reviewLink.get({ linkId }).go({ consistent: true });
  if (!link?.mailDueAt) return false;
  const since = link.mailedAt ?? "";
  const until = iso(at);
  const activity = await activityOf(linkId, since, until);
  await db.entities.reviewLink.patch({ linkId }).set({ mailedAt: until }).remove(["mailDueAt"]).go();
  // Anything that arrived after `until` found the mail still due and did not schedule one: do it now.
  const later = await activityOf(linkId, until, iso(8.64e15));
  if (later.comments.length || later.decisions.length) await scheduleReviewMail(link);
  if (!activity.comments.length && !activity.decisions.length) return false;
  const owner = await getUser(link.userId);
  if (!shouldNotify(owner, "reviewActivity")) return false;
  const job = await getRenderJob(link.renderJobId);
  await sendMail({ to: owner.email, ...reviewActivityMail({ recipient: owner, render: { id: job.renderJobId, title: job.title }, linkName: link.name, ...activity }) });
  return true;
}

/** Reviewer comments and decisions on a link after `since`, up to `until`. */
async function activityOf(linkId: string, since: string, until: string) {
  const { data: comments } = await db.entities.reviewComment.query.byLink({ linkId }).go({ pages: "all" });
  const { data: decisions } = await db.entities.reviewDecision.query.byLink({ linkId }).go({ pages: "all" });
  const within = (c: { createdAt: string }) => c.createdAt > since && c.createdAt <= until;
  return { comments: comments.filter((c) => c.author === "reviewer" && within(c)), decisions: decisions.filter(within) };
}
