/**
 * Subscription schedules: created from a subscription, phases replaced by
 * update, released or canceled; at a period's end renewals.ts applies the
 * next phase (`applyPhaseAt`).
 */
import { type Context, arrayParam, listPage, mergeMetadata, need, render, str } from "../api";
import { invalidRequest, missingParam } from "../errors";
import type { StripeObject } from "../store";
import { legacyPlan, setItemPrice } from "./catalog";
import { endSubscription } from "./subscriptions";
import { addInterval, timeOf } from "./time";

function phaseOf(input: { start: number; end: number; items: { price: StripeObject; quantity: number }[]; prorationBehavior?: string }) {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: input.items[0]?.price.currency ?? "usd",
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    end_date: input.end,
    invoice_settings: null,
    items: input.items.map(({ price, quantity }) => ({
      billing_thresholds: null,
      discounts: [],
      metadata: {},
      plan: legacyPlan(price).id,
      price: price.id,
      quantity,
      tax_rates: [],
    })),
    metadata: {},
    on_behalf_of: null,
    proration_behavior: input.prorationBehavior ?? "create_prorations",
    start_date: input.start,
    transfer_data: null,
    trial_end: null,
  };
}

export function createSchedule(ctx: Context) {
  const { params, store } = ctx;
  const subId = str(params, "from_subscription");
  if (!subId) throw missingParam("from_subscription");
  const sub = need(ctx, "subscription", subId, "subscription");
  if (sub.schedule)
    throw invalidRequest(
      `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
      "from_subscription",
    );
  if (!["active", "past_due", "trialing"].includes(sub.status))
    throw invalidRequest(`A subscription with status ${sub.status} cannot be scheduled.`, "from_subscription");
  const item = sub.items.data[0];
  const phase = phaseOf({
    start: item.current_period_start,
    end: item.current_period_end,
    items: sub.items.data.map((i: StripeObject) => ({ price: store.get(i.price.id)!, quantity: i.quantity })),
  });
  const schedule = store.insert({
    id: store.newId("sub_sched_"),
    object: "subscription_schedule",
    application: null,
    billing_mode: sub.billing_mode,
    canceled_at: null,
    completed_at: null,
    created: timeOf(store, sub.customer),
    current_phase: { end_date: phase.end_date, start_date: phase.start_date },
    customer: sub.customer,
    customer_account: null,
    default_settings: {
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: "automatic",
      billing_thresholds: null,
      collection_method: "charge_automatically",
      default_payment_method: null,
      description: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        days_until_due: null,
        description: null,
        footer: null,
        issuer: { type: "self" },
      },
      on_behalf_of: null,
      transfer_data: null,
    },
    end_behavior: "release",
    livemode: false,
    metadata: mergeMetadata({}, params.metadata),
    pause_schedules: [],
    phases: [phase],
    released_at: null,
    released_subscription: null,
    status: "active",
    subscription: sub.id,
    test_clock: sub.test_clock,
  });
  const previous = { schedule: null };
  store.update(sub, { schedule: schedule.id });
  ctx.events.emit("subscription_schedule.created", schedule, { request: ctx.request });
  ctx.events.emit("customer.subscription.updated", sub, { previous, request: ctx.request });
  return render(ctx, schedule);
}

function activeSchedule(ctx: Context) {
  const schedule = need(ctx, "subscription_schedule", ctx.path.id, "subscription_schedule");
  if (schedule.status !== "active" && schedule.status !== "not_started")
    throw invalidRequest(`You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`);
  return schedule;
}

/** `POST /v1/subscription_schedules/:id`: replaces the phases (start/end dates, `duration`, or `iterations`). */
export function updateSchedule(ctx: Context) {
  const { params, store } = ctx;
  const schedule = activeSchedule(ctx);
  const before = structuredClone(schedule);
  const endBehavior = str(params, "end_behavior");
  if (endBehavior && !["release", "cancel"].includes(endBehavior))
    throw invalidRequest(`Invalid end_behavior: ${endBehavior}`, "end_behavior");
  const inputs = arrayParam(params, "phases");
  if (inputs.length) {
    let start = schedule.phases[0].start_date as number;
    const phases = inputs.map((input: Record<string, any>, i: number) => {
      const items = arrayParam(input, "items").map((it: Record<string, string>, j: number) => {
        const price = need(ctx, "price", it.price, `phases[${i}][items][${j}][price]`);
        return { price, quantity: Number(it.quantity ?? 1) };
      });
      if (items.length === 0) throw missingParam(`phases[${i}][items]`);
      if (input.start_date !== undefined) start = input.start_date === "now" ? timeOf(store, schedule.customer) : Number(input.start_date);
      const interval = items[0].price.recurring?.interval ?? "month";
      const end =
        input.end_date !== undefined
          ? Number(input.end_date)
          : input.duration
            ? addInterval(start, input.duration.interval, Number(input.duration.interval_count ?? 1))
            : addInterval(start, interval, Number(input.iterations ?? 1) * (items[0].price.recurring?.interval_count ?? 1));
      if (end <= start) throw invalidRequest(`The phase end_date must be after its start_date.`, `phases[${i}][end_date]`);
      const phase = phaseOf({ start, end, items, prorationBehavior: input.proration_behavior ?? str(params, "proration_behavior") });
      start = end;
      return phase;
    });
    schedule.phases = phases;
    schedule.current_phase = { start_date: phases[0].start_date, end_date: phases[0].end_date };
  }
  if (endBehavior) schedule.end_behavior = endBehavior;
  if (params.metadata !== undefined) schedule.metadata = mergeMetadata(schedule.metadata, params.metadata);
  store.changed();
  const previous = Object.fromEntries(
    Object.keys(schedule)
      .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(schedule[k]))
      .map((k) => [k, before[k]]),
  );
  if (Object.keys(previous).length) ctx.events.emit("subscription_schedule.updated", schedule, { previous, request: ctx.request });
  return render(ctx, schedule);
}

export function releaseSchedule(ctx: Context, schedule: StripeObject = activeSchedule(ctx)) {
  const sub = schedule.subscription ? ctx.store.get(schedule.subscription) : undefined;
  ctx.store.update(schedule, {
    status: "released",
    released_at: timeOf(ctx.store, schedule.customer),
    released_subscription: schedule.subscription,
    subscription: null,
    current_phase: null,
  });
  ctx.events.emit("subscription_schedule.released", schedule, { request: ctx.request });
  if (sub) {
    ctx.store.update(sub, { schedule: null });
    ctx.events.emit("customer.subscription.updated", sub, { previous: { schedule: schedule.id }, request: ctx.request });
  }
  return render(ctx, schedule);
}

/** Canceling a schedule cancels its subscription now, as Stripe does. */
export function cancelSchedule(ctx: Context) {
  const schedule = activeSchedule(ctx);
  const sub = schedule.subscription ? ctx.store.get(schedule.subscription) : undefined;
  if (sub && !["canceled", "incomplete_expired"].includes(sub.status)) endSubscription(ctx, sub, "cancellation_requested");
  else {
    ctx.store.update(schedule, { status: "canceled", canceled_at: timeOf(ctx.store, schedule.customer), current_phase: null });
    ctx.events.emit("subscription_schedule.canceled", schedule, { request: ctx.request });
  }
  return render(ctx, schedule);
}

export const retrieveSchedule = (ctx: Context) => render(ctx, need(ctx, "subscription_schedule", ctx.path.id, "subscription_schedule"));

export function listSchedules(ctx: Context) {
  const customer = str(ctx.params, "customer");
  return listPage(
    ctx,
    ctx.store.all("subscription_schedule", (s) => !customer || s.customer === customer),
    "/v1/subscription_schedules",
  );
}

/**
 * At a period's end `at`: enters the phase that starts then (its price, no
 * proration), or, when the last phase ends, releases the subscription or
 * cancels it as `end_behavior` says. Returns false when the subscription ended.
 */
export function applyPhaseAt(ctx: Context, sub: StripeObject, at: number): boolean {
  const schedule = sub.schedule ? ctx.store.get(sub.schedule) : undefined;
  if (!schedule || schedule.status !== "active") return true;
  const next = schedule.phases.find(
    (p: StripeObject) => p.start_date <= at && at < p.end_date && p.start_date !== schedule.current_phase?.start_date,
  );
  if (next) {
    const before = structuredClone(sub);
    const previousPhase = schedule.current_phase;
    const item = sub.items.data[0];
    setItemPrice(item, ctx.store.get(next.items[0].price)!, next.items[0].quantity);
    ctx.store.update(schedule, { current_phase: { start_date: next.start_date, end_date: next.end_date } });
    ctx.events.emit("subscription_schedule.updated", schedule, { previous: { current_phase: previousPhase } });
    ctx.events.emit("customer.subscription.updated", sub, { previous: { items: before.items } });
    return true;
  }
  const last = schedule.phases.at(-1);
  if (last && at >= last.end_date) {
    if (schedule.end_behavior === "cancel") {
      ctx.store.update(schedule, { status: "completed", completed_at: at });
      ctx.events.emit("subscription_schedule.completed", schedule);
      endSubscription(ctx, sub, "cancellation_requested");
      return false;
    }
    releaseSchedule(ctx, schedule);
  }
  return true;
}
