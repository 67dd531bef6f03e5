import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/**
 * A user's current subscription (one per user), kept in sync from Stripe's
 * events by re-fetching the subscription (docs/decisions.md#subscriptions).
 * `priceId` is our price id (the Stripe lookup key).
 */
export const UserSubscription = new Entity({
  model: { entity: "userSubscription", version: "1", service: "storyboard" },
  attributes: {
    userId: { type: "string", required: true },
    subscriptionId: { type: "string", required: true },
    priceId: { type: "string", required: true },
    /** A downgrade waiting for the next period (a subscription schedule's next phase). */
    pendingPriceId: { type: "string" },
    scheduleId: { type: "string" },
    status: { type: "string", required: true },
    currentPeriodStart: { type: "string" },
    currentPeriodEnd: { type: "string" },
    cancelAtPeriodEnd: { type: "boolean", default: false },
    /** Stripe's `created` of the subscription, so an older subscription's late event never replaces a newer one. */
    subscriptionCreatedAt: { type: "string" },
    /**
     * When the fetch behind this record began (epoch ms). A webhook and a plan
     * change can sync at once; a write from an older fetch never replaces a newer one.
     */
    fetchedAt: { type: "number" },
    /**
     * Annual plans credit points monthly: the paid annual invoice, the start of
     * its year, months already credited, and when the next month is due.
     * `creditState` is "due" only while months remain (a sparse index).
     */
    creditInvoiceId: { type: "string" },
    creditPeriodStart: { type: "string" },
    creditPointsPerMonth: { type: "number" },
    monthsCredited: { type: "number" },
    creditState: { type: "string" },
    nextCreditAt: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: [] },
    },
    bySubscription: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["subscriptionId"] },
      sk: { field: "gsi1sk", composite: [] },
    },
    byCreditDue: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["creditState"] },
      sk: { field: "gsi2sk", composite: ["nextCreditAt"] },
    },
  },
});
