/**
 * Webhook handlers of subscriptions, their schedules and invoices
 * (docs/decisions.md#subscriptions). Each re-fetches the subscription and
 * syncs users_subscriptions, keeps the event in subscription_events, and for
 * a paid invoice credits its points once. Anything not tied to one of our
 * users' subscriptions is acknowledged and left alone.
 */
import type Stripe from "stripe";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { stripe } from "./stripe";
import { creditPaidInvoice } from "./subscription-credits";
import { mailAuthenticationLink } from "./renewal-authentication";
import { planLabel, sendSubscriptionMail } from "./subscription-mail";
import { idOf, isoFromEpoch } from "./subscription-state";
import { recordSubscriptionEvent, syncSubscription } from "./subscription-sync";
import type { StripeEventHandler, StripeEventHandlers } from "./event-handlers";

async function syncAndRecord(event: Stripe.Event, subscriptionId: string | null) {
  if (!subscriptionId) return null;
  const synced = await syncSubscription(subscriptionId);
  await recordSubscriptionEvent(event, synced?.snapshot ?? null);
  return synced;
}

const onSubscription: StripeEventHandler = async (event) => {
  await syncAndRecord(event, (event.data.object as Stripe.Subscription).id);
};

const onSchedule: StripeEventHandler = async (event) => {
  const schedule = event.data.object as Stripe.SubscriptionSchedule;
  await syncAndRecord(event, idOf(schedule.subscription) ?? schedule.released_subscription);
};

const subscriptionOfInvoice = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

/** The invoice as Stripe has it now (never the event's copy). */
const fetchInvoice = (event: Stripe.Event) => stripe().invoices.retrieve((event.data.object as Stripe.Invoice).id);

const onInvoicePaid: StripeEventHandler = async (event) => {
  const invoice = await fetchInvoice(event);
  const synced = await syncAndRecord(event, subscriptionOfInvoice(invoice));
  if (synced) await creditPaidInvoice(invoice.id, synced.snapshot);
};

/** A failed renewal credits nothing and mails the user once per attempt. */
const onInvoiceFailed: StripeEventHandler = async (event) => {
  const invoice = await fetchInvoice(event);
  const synced = await syncAndRecord(event, subscriptionOfInvoice(invoice));
  if (!synced) return;
  if (invoice.billing_reason !== "subscription_cycle" || invoice.status === "paid") return;
  try {
    const value = `mail:invoice_failed:${invoice.id}:${invoice.attempt_count}`;
    await db.entities.unique.create({ kind: "idempotency", value, ownerId: synced.snapshot.userId }).go();
  } catch (error) {
    if (isConditionFailed(error)) return; // mailed for this attempt already
    throw error;
  }
  await sendSubscriptionMail(synced.snapshot.userId, {
    kind: "renewalFailed",
    planLabel: planLabel(synced.snapshot.priceId),
    effectiveAt: isoFromEpoch(invoice.next_payment_attempt),
    amount: invoice.amount_due,
  });
};

/** A renewal the bank wants confirmed (3-D Secure): past_due until the subscriber completes it from the e-mailed link. */
const onInvoiceActionRequired: StripeEventHandler = async (event) => {
  const invoice = await fetchInvoice(event);
  const synced = await syncAndRecord(event, subscriptionOfInvoice(invoice));
  if (synced) await mailAuthenticationLink(invoice, synced.snapshot.userId, synced.snapshot.priceId);
};

export const subscriptionEventHandlers: StripeEventHandlers = {
  "customer.subscription.created": onSubscription,
  "customer.subscription.updated": onSubscription,
  "customer.subscription.deleted": onSubscription,
  "customer.subscription.paused": onSubscription,
  "customer.subscription.resumed": onSubscription,
  "customer.subscription.pending_update_applied": onSubscription,
  "customer.subscription.pending_update_expired": onSubscription,
  "subscription_schedule.created": onSchedule,
  "subscription_schedule.updated": onSchedule,
  "subscription_schedule.released": onSchedule,
  "subscription_schedule.canceled": onSchedule,
  "subscription_schedule.completed": onSchedule,
  "subscription_schedule.aborted": onSchedule,
  "invoice.paid": onInvoicePaid,
  "invoice.payment_succeeded": onInvoicePaid,
  "invoice.payment_failed": onInvoiceFailed,
  "invoice.payment_action_required": onInvoiceActionRequired,
};
