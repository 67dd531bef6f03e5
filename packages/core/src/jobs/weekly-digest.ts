import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { isStoredWhole } from "../screenplay/records";
import { sendMail } from "../notification/mailer";
import { shouldNotify } from "../notification/preferences";
import { weeklyDigestMail } from "../notification/templates";

const DAY_MS = 24 * 3600 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** A week's sent markers outlive any retry of its run by far, then go. */
const MARKER_LIFETIME_SECONDS = 8 * 7 * 24 * 3600;

/** The week a run belongs to: the date of its Monday (UTC), so a retry later that week is the same week. */
export function digestWeek(now: number): string {
  const day = new Date(now).getUTCDay();
  return new Date(now - ((day + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

const markerValue = (week: string, userId: string) => `${week}#${userId}`;

/**
 * Claims the user's digest of the week before the mail goes: a run that times out and is retried
 * (Lambda retries a failed scheduled run) skips everyone already mailed. False when it was claimed.
 */
async function claimDigest(week: string, userId: string, now: number): Promise<boolean> {
  try {
    await db.entities.unique
      .create({
        kind: "weeklyDigest",
        value: markerValue(week, userId),
        ownerId: userId,
        expiresAt: Math.floor(now / 1000) + MARKER_LIFETIME_SECONDS,
      })
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Monday's digest: every user who keeps it on and had activity in the past
 * week gets one e-mail with what they uploaded and what finished. A quiet
 * week sends nothing.
 */
export async function sendWeeklyDigests(now = Date.now()) {
  const since = new Date(now - WEEK_MS).toISOString();
  const week = digestWeek(now);
  let sent = 0;
  let alreadySent = 0;
  const users = () => db.entities.user.query.all({});
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ReturnType<typeof users>["go"]>> = await users().go({ cursor, limit: 100 });
    for (const user of page.data) {
      if (!shouldNotify(user, "weeklyDigest")) continue;
      const { data: uploads } = await db.entities.screenplay.query
        .byUser({ userId: user.userId })
        .gte({ uploadedAt: since })
        .go({ pages: "all" });
      const screenplays = uploads.filter(isStoredWhole);
      const { data: renders } = await db.entities.renderJob.query.byUser({ userId: user.userId }).go({ pages: "all" });
      const finished = renders.filter((r) => r.status === "complete" && r.completedAt && r.completedAt >= since);
      if (!screenplays.length && !finished.length) continue;
      if (!(await claimDigest(week, user.userId, now))) {
        alreadySent += 1;
        continue;
      }
      try {
        await sendMail({
          to: user.email,
          ...weeklyDigestMail({
            recipient: user,
            screenplaysUploaded: screenplays.length,
            rendersCompleted: finished.map((r) => ({ id: r.renderJobId, title: r.title })),
            points: user.points,
          }),
        });
        sent += 1;
      } catch (error) {
        logger.error("Weekly digest not sent", { userId: user.userId, error: error as Error });
        // Not sent: a retry of the run may try this user again.
        await db.entities.unique.delete({ kind: "weeklyDigest", value: markerValue(week, user.userId) }).go();
      }
    }
    cursor = page.cursor;
  } while (cursor);
  logger.info("Weekly digests sent", { sent, alreadySent, week });
  return { sent, alreadySent };
}
