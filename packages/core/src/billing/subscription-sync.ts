/**
 * Stripe is the truth of subscriptions (docs/decisions.md#subscriptions):
 * every subscription, schedule and invoice event re-fetches the subscription
 * and writes what it finds to users_subscriptions, so duplicates and any
 * order of delivery end in the same record. Every event is also kept in
 * subscription_events with its raw data.
 */
import type Stripe from "stripe";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { lookupKeyOf } from "./stripe-prices";
import { stripe } from "./stripe";
import { withSubscriptionLock } from "./subscription-lock";
import {
  idOf,
  isoFromEpoch,
  mainItem,
  pendingPhasePrice,
  replacesStored,
  snapshotOf,
  type SubscriptionSnapshot,
} from "./subscription-state";

export type StoredSubscription = NonNullable<Awaited<ReturnType<typeof storedSubscription>>>;

export async function storedSubscription(userId: string) {
  const { data } = await db.entities.userSubscription.get({ userId }).go();
  return data;
}

/** The subscription with its schedule expanded; null when Stripe does not know it. */
export async function fetchSubscription(subscriptionId: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe().subscriptions.retrieve(subscriptionId, { expand: ["schedule"] });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
}

/** Whose subscription this is: our metadata, else the customer's user. */
async function ownerOf(sub: Stripe.Subscription): Promise<string | null> {
  if (sub.metadata?.userId) return sub.metadata.userId;
  const customer = idOf(sub.customer);
  if (!customer) return null;
  const { data } = await db.entities.paymentProcessorId.query.byExternal({ processorName: "stripe", externalId: customer }).go();
  return data.find((l) => l.type === "customer")?.internalId ?? null;
}

async function scheduleOf(sub: Stripe.Subscription): Promise<Stripe.SubscriptionSchedule | null> {
  if (!sub.schedule) return null;
  if (typeof sub.schedule !== "string") return sub.schedule;
  return stripe().subscriptionSchedules.retrieve(sub.schedule);
}

/** Our view of a fetched subscription; null when it is not one of our users'. */
export async function snapshotSubscription(sub: Stripe.Subscription): Promise<SubscriptionSnapshot | null> {
  const userId = await ownerOf(sub);
  const current = await lookupKeyOf(mainItem(sub)?.price);
  if (!userId || !current) return null;
  const schedule = await scheduleOf(sub);
  const pending = await lookupKeyOf(pendingPhasePrice(schedule));
  return snapshotOf(sub, userId, { current, pending }, schedule && pendingPhasePrice(schedule) ? schedule.id : null);
}

/**
 * Writes a snapshot if it may replace the user's record; answers the record as
 * it now stands. `fetchedAt` is when the fetch behind the snapshot began: a
 * record from a fetch that began later is at least as fresh, so it stays.
 */
export async function saveSnapshot(snapshot: SubscriptionSnapshot, fetchedAt: number) {
  const stored = await storedSubscription(snapshot.userId);
  if (!replacesStored(stored, snapshot)) return stored;
  const { userId, pendingPriceId, scheduleId, ...fields } = snapshot;
  try {
    if (stored && stored.subscriptionId === snapshot.subscriptionId) {
      // The same subscription: keep the annual credit schedule, drop a pending change that is gone.
      const gone = [...(pendingPriceId ? [] : (["pendingPriceId"] as const)), ...(scheduleId ? [] : (["scheduleId"] as const))];
      await db.entities.userSubscription
        .patch({ userId })
        .set({ ...fields, fetchedAt, ...(pendingPriceId ? { pendingPriceId } : {}), ...(scheduleId ? { scheduleId } : {}) })
        .remove([...gone])
        .where((a, { notExists, lte }) => `${notExists(a.fetchedAt)} OR ${lte(a.fetchedAt, fetchedAt)}`)
        .go();
    } else {
      // Another subscription takes the user's one record: nothing of the old one carries over.
      await db.entities.userSubscription
        .put({ userId, ...fields, fetchedAt, pendingPriceId, scheduleId })
        .where((a, { notExists, lte }) => `${notExists(a.fetchedAt)} OR ${lte(a.fetchedAt, fetchedAt)}`)
        .go();
    }
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    logger.info("A newer fetch of the subscription is already stored", { userId, subscriptionId: snapshot.subscriptionId });
  }
  return storedSubscription(userId);
}

/**
 * Re-fetches a subscription and syncs the user's record; null when it is
 * unknown or not ours. The write happens under the user's subscription lock
 * (docs/decisions.md#one-subscription-change-at-a-time), from a fetch made
 * while holding it, so a webhook never interleaves with a change.
 */
export async function syncSubscription(subscriptionId: string) {
  const first = await fetchSubscription(subscriptionId);
  if (!first) return null;
  const userId = await ownerOf(first);
  if (!userId) {
    logger.warn("Subscription without a user of ours", { subscriptionId });
    return null;
  }
  return withSubscriptionLock(userId, () => syncLocked(subscriptionId));
}

async function syncLocked(subscriptionId: string) {
  const fetchedAt = Date.now();
  const sub = await fetchSubscription(subscriptionId);
  if (!sub) return null;
  const snapshot = await snapshotSubscription(sub);
  if (!snapshot) {
    logger.warn("Subscription without a user of ours", { subscriptionId });
    return null;
  }
  return { subscription: sub, snapshot, record: await saveSnapshot(snapshot, fetchedAt) };
}

/**
 * Keeps the event in subscription_events. The key is the event's own id and
 * time, so a redelivered event overwrites its row instead of adding one.
 */
export async function recordSubscriptionEvent(event: Stripe.Event, snapshot: SubscriptionSnapshot | null) {
  if (!snapshot) return;
  await db.entities.subscriptionEvent
    .put({
      eventId: event.id,
      userId: snapshot.userId,
      eventType: event.type,
      subscriptionId: snapshot.subscriptionId,
      status: snapshot.status,
      currentPeriodStart: snapshot.currentPeriodStart,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      priceId: snapshot.priceId,
      rawData: event.data.object,
      createdAt: isoFromEpoch(event.created) ?? new Date().toISOString(),
    })
    .go();
}
