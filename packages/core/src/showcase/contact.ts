/**
 * Contact the creator (docs/product.md#showcase): a signed-in viewer sends a
 * reason and a message; we store it and mail the creator from our sender with
 * Reply-To set to the viewer. The creator's address never reaches the viewer.
 */
import { randomUUID } from "node:crypto";
import { useUserId } from "../actor";
import { contactReasonLabel } from "../catalog/showcase";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { sendMail } from "../notification/mailer";
import { shouldNotify } from "../notification/preferences";
import { contactRequestMail } from "../notification/templates";
import { assertWithinRateLimit, type RateLimitRule } from "../rate-limit";
import { getUser } from "../user/user";
import { ENTRY_NOT_FOUND, getEntryItem } from "./entries";
import type { ContactRequestInput } from "./schema";

/** Ours: enough for a real conversation, too few for spamming creators (docs/decisions.md#showcase). */
export const CONTACT_RATE_LIMIT: RateLimitRule = {
  action: "contact",
  limit: 5,
  windowSeconds: 3600,
  message: "You have sent several contact requests in a short time.",
};

export const NOT_TAKING_MESSAGES = "This creator does not take messages at the moment.";

const displayNameOf = (user: { fullName?: string; username: string }) => user.fullName?.trim() || user.username;

/** POST /api/contact-requests. Answers only a confirmation; never the creator's e-mail. */
export async function contactCreator(input: ContactRequestInput) {
  const userId = useUserId();
  if (input.creatorId === userId) throw AppError.badRequest("You can't send a contact request to yourself.");
  const entry = input.showcaseEntryId ? await getEntryItem(input.showcaseEntryId) : undefined;
  if (input.showcaseEntryId && (!entry || entry.isPublic === false)) throw AppError.notFound(ENTRY_NOT_FOUND);
  if (entry && entry.userId !== input.creatorId) throw AppError.badRequest("This showcase entry belongs to another creator.");
  const creator = await getUser(input.creatorId).catch(() => {
    throw AppError.notFound("Creator not found.");
  });
  // Only creators with a showcase entry can be contacted: the id alone must not reach any account.
  if (!entry) {
    const { data } = await db.entities.showcaseEntry.query.byUser({ userId: creator.userId }).go({ limit: 1 });
    if (!data.length) throw AppError.notFound("Creator not found.");
  }
  // A creator who switched optional e-mail off (e.g. from this mail's unsubscribe link) is not written to.
  if (!shouldNotify(creator, "contactRequest")) throw AppError.conflict(NOT_TAKING_MESSAGES);
  await assertWithinRateLimit(CONTACT_RATE_LIMIT, userId);
  const sender = await getUser(userId);
  const senderName = displayNameOf(sender);
  const message = input.message?.trim() || undefined;
  await db.entities.contactRequest
    .create({
      contactRequestId: randomUUID(),
      userId,
      creatorId: creator.userId,
      showcaseEntryId: entry?.showcaseEntryId,
      senderEmail: sender.email,
      senderName,
      reason: input.reason,
      message,
    })
    .go();
  const mail = contactRequestMail({
    recipient: creator,
    senderName,
    reasonLabel: contactReasonLabel(input.reason),
    message,
    entry: entry ? { id: entry.showcaseEntryId, title: entry.title } : undefined,
  });
  await sendMail({ to: creator.email, replyTo: sender.email, ...mail });
  return { message: "Your message was sent to the creator." };
}
