/**
 * The pure half of syncing subscriptions (docs/decisions.md#subscriptions):
 * what a Stripe subscription and its schedule mean for our record, and which
 * subscription a user's one record follows. No I/O, so it is unit-tested.
 */
import type Stripe from "stripe";

/** Statuses of a subscription the user still has (hosting, plan shown as current). */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(["active", "trialing", "past_due", "unpaid"]);
export const isLive = (status: string | undefined) => !!status && LIVE_STATUSES.has(status);

export const isoFromEpoch = (seconds: number | null | undefined) =>
  typeof seconds === "number" && seconds > 0 ? new Date(seconds * 1000).toISOString() : undefined;

export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The subscription's one item (we sell one price per subscription) and its period. */
export function mainItem(sub: Stripe.Subscription): Stripe.SubscriptionItem | null {
  return sub.items?.data?.[0] ?? null;
}

/**
 * The price a schedule moves to after the current phase, or null: a pending
 * downgrade. A released, canceled or completed schedule has none.
 */
export function pendingPhasePrice(schedule: Stripe.SubscriptionSchedule | null): string | Stripe.Price | Stripe.DeletedPrice | null {
  if (!schedule || (schedule.status !== "active" && schedule.status !== "not_started")) return null;
  const currentEnd = schedule.current_phase?.end_date;
  const next = schedule.phases.find((p) => (currentEnd ? p.start_date >= currentEnd : false));
  return next?.items?.[0]?.price ?? null;
}

/** What we store of a subscription, with prices already turned into our price ids. */
export interface SubscriptionSnapshot {
  userId: string;
  subscriptionId: string;
  priceId: string;
  pendingPriceId?: string;
  scheduleId?: string;
  status: string;
  currentPeriodStart?: string;
  currentPeriodEnd?: string;
  cancelAtPeriodEnd: boolean;
  subscriptionCreatedAt?: string;
}

export function snapshotOf(
  sub: Stripe.Subscription,
  userId: string,
  prices: { current: string; pending: string | null },
  scheduleId: string | null,
): SubscriptionSnapshot {
  const item = mainItem(sub);
  return {
    userId,
    subscriptionId: sub.id,
    priceId: prices.current,
    pendingPriceId: prices.pending && prices.pending !== prices.current ? prices.pending : undefined,
    scheduleId: scheduleId ?? undefined,
    status: sub.status,
    currentPeriodStart: isoFromEpoch(item?.current_period_start),
    currentPeriodEnd: isoFromEpoch(item?.current_period_end),
    // Stripe may express "ends with the period" as cancel_at instead of the flag.
    cancelAtPeriodEnd: sub.cancel_at_period_end || (!!sub.cancel_at && sub.cancel_at === item?.current_period_end),
    subscriptionCreatedAt: isoFromEpoch(sub.created),
  };
}

/**
 * Whether `incoming` may replace the user's stored record. The same
 * subscription always does (events re-fetch, so the latest fetch is the
 * truth); a different one only if it is live and the stored one is not, or
 * both are alike and it is the newer. So a late event of an old, canceled
 * subscription never hides the current one.
 */
export function replacesStored(
  stored: Pick<SubscriptionSnapshot, "subscriptionId" | "status" | "subscriptionCreatedAt"> | null | undefined,
  incoming: Pick<SubscriptionSnapshot, "subscriptionId" | "status" | "subscriptionCreatedAt">,
): boolean {
  if (!stored || stored.subscriptionId === incoming.subscriptionId) return true;
  const liveIn = isLive(incoming.status);
  const liveStored = isLive(stored.status);
  if (liveIn !== liveStored) return liveIn;
  return (incoming.subscriptionCreatedAt ?? "") >= (stored.subscriptionCreatedAt ?? "");
}
