import { db } from "../dynamo/service";
import { logger } from "../logger";
import { sendMail } from "../notification/mailer";
import { shouldNotify } from "../notification/preferences";
import { weeklyDigestMail } from "../notification/templates";

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * Monday's digest: every user who keeps it on and had activity in the past
 * week gets one e-mail with what they uploaded and what finished. A quiet
 * week sends nothing.
 */
export async function sendWeeklyDigests(now = Date.now()) {
  const since = new Date(now - WEEK_MS).toISOString();
  let sent = 0;
  const users = () => db.entities.user.query.all({});
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ReturnType<typeof users>["go"]>> = await users().go({ cursor, limit: 100 });
    for (const user of page.data) {
      if (!shouldNotify(user, "weeklyDigest")) continue;
      const { data: screenplays } = await db.entities.screenplay.query.byUser({ userId: user.userId }).gte({ uploadedAt: since }).go({ pages: "all" });
      const { data: renders } = await db.entities.renderJob.query.byUser({ userId: user.userId }).go({ pages: "all" });
      const finished = renders.filter((r) => r.status === "complete" && r.completedAt && r.completedAt >= since);
      if (!screenplays.length && !finished.length) continue;
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
      }
    }
    cursor = page.cursor;
  } while (cursor);
  logger.info("Weekly digests sent", { sent });
  return { sent };
}
