import { db } from "../dynamo/service";
import { type RenderNotificationKind, notifyRender as sendRenderMail } from "../notification/notify";

/** Sends a render e-mail to the render's owner, as their preferences allow. */
export async function notifyRender(
  kind: RenderNotificationKind,
  job: { userId: string; renderJobId: string; title: string },
  extra: { reason?: string; refundedPoints?: number } = {},
) {
  const { data: user } = await db.entities.user.get({ userId: job.userId }).go();
  if (!user) return false;
  return sendRenderMail(user, kind, { id: job.renderJobId, title: job.title }, extra);
}
