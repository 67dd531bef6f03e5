/**
 * Subscribing and changing plans (docs/product.md#subscriptions,
 * docs/decisions.md#subscriptions). Stripe holds the subscription; after
 * every call we re-fetch it and sync our record at once, so the Pricing page
 * shows the change before the webhook arrives (which syncs the same state).
 */
import type Stripe from "stripe";
import { hasRole, useUserId } from "../actor";
import { now } from "../clock";
import { AppError } from "../error";
import { balanceOf } from "../points/points";
import { ensureCustomer } from "./customers";
import { upgradeCredit } from "./invoice-credit";
import { planChange } from "./plan-change";
import { oncePerRequestKey, type StripeKeyOf } from "./request-key";
import { planForPriceId, pricePerPageCents } from "./price";
import { activePlanFor } from "./rates";
import { stripe } from "./stripe";
import { stripePriceId } from "./stripe-prices";
import { linesOf } from "./subscription-credits";
import { withSubscriptionLock } from "./subscription-lock";
import { planLabel, planPrice, sendSubscriptionMail } from "./subscription-mail";
import { idOf, isLive, mainItem } from "./subscription-state";
import { fetchSubscription, saveSnapshot, snapshotSubscription, storedSubscription, syncSubscription } from "./subscription-sync";

/** A catalogue price the asking user may buy; 400 for anything else, the Test plan only for admins. */
function purchasablePrice(priceId: string) {
  const active = planForPriceId(priceId);
  // The Test plan is answered like an unknown one: its existence is not news to non-admins.
  if (!active || (active.plan.adminOnly && !hasRole("admin"))) throw AppError.badRequest("This plan is not available.");
  return active;
}

/** The user's live subscription as Stripe has it now, or a 409. */
async function liveSubscription(userId: string, action: string) {
  const stored = await storedSubscription(userId);
  const sub = stored && isLive(stored.status) ? await fetchSubscription(stored.subscriptionId) : null;
  if (!sub || !isLive(sub.status)) throw AppError.conflict(`You have no subscription to ${action}.`);
  return sub;
}

async function resync(subscriptionId: string) {
  const synced = await syncSubscription(subscriptionId);
  if (!synced) throw new AppError("internal", "The subscription could not be read back.");
  return synced.record;
}

const clientSecretOf = (sub: Stripe.Subscription) => {
  const invoice = sub.latest_invoice;
  return typeof invoice === "object" && invoice ? (invoice.confirmation_secret?.client_secret ?? null) : null;
};

/**
 * `POST /api/userSubscription {priceId}`: a subscription in `default_incomplete`
 * whose first invoice the browser pays; it becomes active when that payment
 * succeeds. A second call for the same price while unpaid answers the same
 * payment; for another price the unpaid one is cancelled first.
 */
export async function subscribe(priceId: string, requestKey?: string) {
  const userId = useUserId();
  purchasablePrice(priceId);
  return withSubscriptionLock(userId, () =>
    oncePerRequestKey(userId, requestKey, `subscribe:${priceId}`, (keyOf) => subscribeLocked(userId, priceId, keyOf)),
  );
}

async function subscribeLocked(userId: string, priceId: string, keyOf: StripeKeyOf) {
  const stored = await storedSubscription(userId);
  if (stored && isLive(stored.status)) {
    throw AppError.conflict("You already have a subscription. Choose another plan to change it instead.");
  }
  if (stored?.status === "incomplete") {
    const pending = await stripe().subscriptions.retrieve(stored.subscriptionId, { expand: ["latest_invoice.confirmation_secret"] });
    const secret = clientSecretOf(pending);
    if (pending.status === "incomplete" && stored.priceId === priceId && secret) return { clientSecret: secret, priceId };
    if (pending.status === "incomplete") await stripe().subscriptions.cancel(pending.id); // a DELETE: idempotent by itself, Stripe takes no key
  }
  const customer = await ensureCustomer(userId);
  const createdAt = Date.now();
  const sub = await stripe().subscriptions.create(
    {
      customer,
      items: [{ price: await stripePriceId(priceId), quantity: 1 }],
      payment_behavior: "default_incomplete",
      // The card that pays the first invoice pays the renewals and upgrades too.
      payment_settings: { save_default_payment_method: "on_subscription", payment_method_types: ["card"] },
      expand: ["latest_invoice.confirmation_secret"],
      metadata: { userId },
    },
    keyOf("create"),
  );
  const clientSecret = clientSecretOf(sub);
  if (!clientSecret) throw new AppError("internal", "The subscription payment could not be started.");
  const snapshot = await snapshotSubscription(sub);
  if (snapshot) await saveSnapshot(snapshot, createdAt);
  return { clientSecret, priceId };
}

/**
 * "Now" for this subscription in epoch seconds: a test-mode subscription on a
 * test clock lives at the clock's time (Stripe prorates from it), any other now.
 */
async function subscriptionNow(sub: Stripe.Subscription): Promise<number> {
  const clock = idOf(sub.test_clock);
  if (clock) return (await stripe().testHelpers.testClocks.retrieve(clock)).frozen_time;
  return Math.floor(now() / 1000);
}

/** A proration date sent back from the estimate, if it is recent and in this period; otherwise now. */
async function prorationDateFrom(requested: number | undefined, sub: Stripe.Subscription): Promise<number> {
  const nowSeconds = await subscriptionNow(sub);
  const start = mainItem(sub)?.current_period_start ?? 0;
  if (requested && requested <= nowSeconds && requested >= Math.max(start, nowSeconds - 3600)) return requested;
  return nowSeconds;
}

function assertChangeable(sub: Stripe.Subscription) {
  if (sub.status === "past_due" || sub.status === "unpaid") {
    throw AppError.conflict("Your last subscription payment did not go through. Update your card before changing your plan.");
  }
}

/**
 * `POST /api/userSubscription/estimate {priceId}`: what the change charges
 * today, in cents, from Stripe's invoice preview at a proration date the
 * browser sends back with the change (so the charge equals the estimate).
 */
export async function estimateChange(priceId: string) {
  const userId = useUserId();
  purchasablePrice(priceId);
  const sub = await liveSubscription(userId, "change");
  assertChangeable(sub);
  const stored = await storedSubscription(userId);
  const change = planChange(stored!.priceId, priceId);
  const periodEnd = mainItem(sub)?.current_period_end;
  const prorationDate = await subscriptionNow(sub);
  if (change !== "upgrade") {
    return {
      estimate: 0,
      change: change ?? "downgrade",
      prorationDate,
      effectiveAt: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
      points: 0,
    };
  }
  const preview = await stripe().invoices.createPreview({
    customer: idOf(sub.customer) ?? undefined,
    subscription: sub.id,
    subscription_details: {
      items: [{ id: mainItem(sub)!.id, price: await stripePriceId(priceId), quantity: 1 }],
      proration_behavior: "always_invoice",
      proration_date: prorationDate,
    },
  });
  // The points the change will credit, by the same rule as the paid invoice (docs/decisions.md#upgrades-credit-what-was-paid-for).
  const { points } = upgradeCredit(await linesOf(preview), priceId);
  return { estimate: preview.amount_due, change, prorationDate, effectiveAt: null, points };
}

/** Removes a pending downgrade: the schedule lets go and the subscription runs on as it is. */
async function releaseSchedule(sub: Stripe.Subscription, keyOf: StripeKeyOf) {
  const scheduleId = idOf(sub.schedule);
  if (scheduleId) await stripe().subscriptionSchedules.release(scheduleId, {}, keyOf("release"));
}

async function upgrade(sub: Stripe.Subscription, priceId: string, prorationDate: number, keyOf: StripeKeyOf) {
  await releaseSchedule(sub, keyOf);
  try {
    await stripe().subscriptions.update(
      sub.id,
      {
        items: [{ id: mainItem(sub)!.id, price: await stripePriceId(priceId), quantity: 1 }],
        proration_behavior: "always_invoice",
        proration_date: prorationDate,
        // A declined card leaves the plan as it was (Stripe answers 402 and changes nothing).
        payment_behavior: "error_if_incomplete",
        cancel_at_period_end: false,
      },
      keyOf("upgrade"),
    );
  } catch (error) {
    const e = error as { statusCode?: number; message?: string };
    if (e.statusCode === 402)
      throw new AppError("payment_required", `Your card was declined, so your plan was not changed. ${e.message ?? ""}`.trim());
    throw error;
  }
}

/** What the subscription's newest invoice (an upgrade's prorated one) charged, in cents. */
async function latestInvoicePaid(subscriptionId: string): Promise<number | undefined> {
  const { data } = await stripe().invoices.list({ subscription: subscriptionId, limit: 1 });
  return data[0]?.status === "paid" ? (data[0].amount_paid ?? undefined) : undefined;
}

/** A downgrade: a schedule whose next phase is the new price, replacing any earlier pending one. */
async function downgrade(sub: Stripe.Subscription, priceId: string, keyOf: StripeKeyOf) {
  const item = mainItem(sub)!;
  if (sub.cancel_at_period_end) await stripe().subscriptions.update(sub.id, { cancel_at_period_end: false }, keyOf("keep"));
  const scheduleId =
    idOf(sub.schedule) ?? (await stripe().subscriptionSchedules.create({ from_subscription: sub.id }, keyOf("schedule"))).id;
  const target = planForPriceId(priceId)!;
  await stripe().subscriptionSchedules.update(
    scheduleId,
    {
      end_behavior: "release",
      proration_behavior: "none",
      phases: [
        { items: [{ price: item.price.id, quantity: 1 }], start_date: item.current_period_start, end_date: item.current_period_end },
        { items: [{ price: await stripePriceId(priceId), quantity: 1 }], duration: { interval: target.interval, interval_count: 1 } },
      ],
    },
    keyOf("schedule-phases"),
  );
}

/**
 * `PUT /api/userSubscription {priceId, prorationDate?}`: an upgrade now with a
 * prorated charge, a downgrade at the period's end. Choosing the current
 * price again removes a pending downgrade or cancellation (else a 409).
 */
export async function changeSubscription(priceId: string, requestedProrationDate?: number, requestKey?: string) {
  const userId = useUserId();
  purchasablePrice(priceId);
  return withSubscriptionLock(userId, () =>
    oncePerRequestKey(userId, requestKey, `change:${priceId}`, (keyOf) => changeLocked(userId, priceId, keyOf, requestedProrationDate)),
  );
}

async function changeLocked(userId: string, priceId: string, keyOf: StripeKeyOf, requestedProrationDate?: number) {
  const sub = await liveSubscription(userId, "change");
  assertChangeable(sub);
  const before = (await storedSubscription(userId))!;
  const change = planChange(before.priceId, priceId);
  if (change === "same") {
    if (!before.pendingPriceId && !sub.cancel_at_period_end) throw AppError.conflict("You are already on this plan.");
    await releaseSchedule(sub, keyOf);
    if (sub.cancel_at_period_end) await stripe().subscriptions.update(sub.id, { cancel_at_period_end: false }, keyOf("keep"));
    const record = await resync(sub.id);
    await sendSubscriptionMail(userId, {
      kind: "changed",
      planLabel: planLabel(priceId),
      previousPlanLabel: planLabel(before.pendingPriceId ?? priceId),
    });
    return { userSubscription: await describe(record) };
  }
  if (change === "upgrade") await upgrade(sub, priceId, await prorationDateFrom(requestedProrationDate, sub), keyOf);
  else await downgrade(sub, priceId, keyOf);
  const record = await resync(sub.id);
  await sendSubscriptionMail(userId, {
    kind: "changed",
    planLabel: planLabel(priceId),
    previousPlanLabel: planLabel(before.priceId),
    effectiveAt: change === "downgrade" ? (record?.currentPeriodEnd ?? undefined) : undefined,
    // The mail states the money: what the upgrade charged now, or what the new plan costs from its date.
    ...(change === "upgrade" ? { amount: await latestInvoicePaid(sub.id) } : planPrice(priceId)),
  });
  return { userSubscription: await describe(record) };
}

/** `DELETE /api/userSubscription`: ends at the period's end; a pending downgrade is dropped. Points stay. */
export async function cancelSubscription(requestKey?: string) {
  const userId = useUserId();
  return withSubscriptionLock(userId, () => oncePerRequestKey(userId, requestKey, "cancel", (keyOf) => cancelLocked(userId, keyOf)));
}

async function cancelLocked(userId: string, keyOf: StripeKeyOf) {
  const sub = await liveSubscription(userId, "cancel");
  if (!sub.cancel_at_period_end) {
    await releaseSchedule(sub, keyOf);
    await stripe().subscriptions.update(sub.id, { cancel_at_period_end: true }, keyOf("cancel"));
  }
  const record = await resync(sub.id);
  if (!sub.cancel_at_period_end) {
    await sendSubscriptionMail(userId, {
      kind: "cancelled",
      planLabel: planLabel(record?.priceId),
      ...planPrice(record?.priceId),
      effectiveAt: record?.currentPeriodEnd ?? undefined,
    });
  }
  return { userSubscription: await describe(record) };
}

/** The record as the web reads it: plan, page price, period end and what is pending. */
async function describe(record: Awaited<ReturnType<typeof storedSubscription>>) {
  if (!record || !isLive(record.status)) return null;
  const active = planForPriceId(record.priceId);
  const rate = await activePlanFor(record.userId);
  return {
    priceId: record.priceId,
    planId: active?.plan.id ?? null,
    planName: active?.plan.name ?? record.priceId,
    interval: active?.interval ?? null,
    pricePerPage: pricePerPageCents(rate),
    status: record.status,
    currentPeriodEnd: record.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: record.cancelAtPeriodEnd ?? false,
    pendingPriceId: record.pendingPriceId ?? null,
    pendingPlanName: record.pendingPriceId ? (planForPriceId(record.pendingPriceId)?.plan.name ?? null) : null,
  };
}

/** `GET /api/user/subscription`: `{ userSubscription, points }`; userSubscription is null without a live one. */
export async function getUserSubscription() {
  const userId = useUserId();
  const [record, points] = await Promise.all([storedSubscription(userId), balanceOf(userId)]);
  return { userSubscription: await describe(record), points };
}
