/**
 * Time passing for billing: Test Clocks (`/v1/test_helpers/test_clocks`) and
 * the stand-in's own clock. Moving a clock runs, in time order, what falls due
 * for the customers on it: schedule phases, renewals (a new invoice charged to
 * the default card; a decline makes the subscription past_due and is retried),
 * the end of `cancel_at_period_end` subscriptions, and the expiry of
 * subscriptions whose first invoice was never paid (23 hours).
 */
import { type Context, int, listPage, need, render, str } from "../api";
import { invalidRequest } from "../errors";
import type { StripeObject } from "../store";
import { attemptPayment, createInvoice } from "./invoices";
import { periodLine } from "./proration";
import { applyPhaseAt } from "./schedules";
import { endSubscription } from "./subscriptions";
import { addInterval } from "./time";

const INCOMPLETE_EXPIRES_AFTER = 23 * 3600;

interface Due {
  at: number;
  run: () => void;
}

function nextDue(ctx: Context, clockId: string | null): Due | undefined {
  const onClock = (customerId: string) => (ctx.store.get(customerId)?.test_clock ?? null) === clockId;
  const due: Due[] = [];
  for (const sub of ctx.store.all("subscription", (s) => onClock(s.customer))) {
    const end = sub.items.data[0].current_period_end;
    if (sub.status === "incomplete")
      due.push({
        at: sub.created + INCOMPLETE_EXPIRES_AFTER,
        run: () => endSubscription(ctx, sub, "payment_failed", "incomplete_expired"),
      });
    else if (["active", "past_due", "trialing"].includes(sub.status)) due.push({ at: end, run: () => renew(ctx, sub, end) });
  }
  for (const invoice of ctx.store.all("invoice", (i) => i.status === "open" && i.next_payment_attempt && onClock(i.customer)))
    due.push({ at: invoice.next_payment_attempt, run: () => attemptPayment(ctx, invoice) });
  return due.sort((a, b) => a.at - b.at)[0];
}

function renew(ctx: Context, sub: StripeObject, at: number) {
  if (sub.cancel_at_period_end || (sub.cancel_at && sub.cancel_at <= at)) return endSubscription(ctx, sub, "cancellation_requested");
  if (!applyPhaseAt(ctx, sub, at)) return;
  const before = structuredClone(sub);
  const item = sub.items.data[0];
  const end = addInterval(at, item.price.recurring.interval, item.price.recurring.interval_count, sub.billing_cycle_anchor);
  Object.assign(item, { current_period_start: at, current_period_end: end });
  const lines = [...sub._pendingLines.splice(0), periodLine(ctx, sub.id, item.id, item.price, item.quantity, { start: at, end })];
  const customer = ctx.store.get(sub.customer)!;
  const invoice = createInvoice(ctx, { customer, subscription: sub, lines, billingReason: "subscription_cycle", at });
  sub.latest_invoice = invoice.id;
  ctx.store.changed();
  ctx.events.emit("customer.subscription.updated", sub, { previous: { items: before.items, latest_invoice: before.latest_invoice } });
  if (invoice.status === "open") attemptPayment(ctx, invoice);
}

/** Runs everything due on a clock up to `to`, setting the clock to each moment as it goes. */
export function advanceTo(ctx: Context, clockId: string | null, to: number, setTime: (t: number) => void) {
  for (let guard = 0; guard < 10_000; guard++) {
    const due = nextDue(ctx, clockId);
    if (!due || due.at > to) break;
    setTime(due.at);
    due.run();
  }
  setTime(to);
}

export function createTestClock(ctx: Context) {
  const frozen = int(ctx.params, "frozen_time", true);
  const clock = ctx.store.insert({
    id: ctx.store.newId("clock_"),
    object: "test_helpers.test_clock",
    created: ctx.store.now(),
    deletes_after: ctx.store.now() + 30 * 86_400,
    frozen_time: frozen,
    livemode: false,
    name: str(ctx.params, "name") ?? null,
    status: "ready",
    status_details: {},
  });
  ctx.events.emit("test_helpers.test_clock.created", clock, { request: ctx.request });
  return render(ctx, clock);
}

export const retrieveTestClock = (ctx: Context) => render(ctx, need(ctx, "test_helpers.test_clock", ctx.path.id, "test_clock"));
export const listTestClocks = (ctx: Context) => listPage(ctx, ctx.store.all("test_helpers.test_clock"), "/v1/test_helpers/test_clocks");

export function deleteTestClock(ctx: Context) {
  const clock = need(ctx, "test_helpers.test_clock", ctx.path.id, "test_clock");
  ctx.store.delete(clock.id);
  ctx.events.emit("test_helpers.test_clock.deleted", clock, { request: ctx.request });
  return { id: clock.id, object: "test_helpers.test_clock", deleted: true };
}

/** Advances a test clock. The work runs at once; the answer says `advancing` as Stripe's does, and the clock is `ready` when read again. */
export function advanceTestClock(ctx: Context) {
  const clock = need(ctx, "test_helpers.test_clock", ctx.path.id, "test_clock");
  const to = int(ctx.params, "frozen_time", true);
  if (to <= clock.frozen_time)
    throw invalidRequest("The frozen_time must be after the current frozen_time of the test clock.", "frozen_time");
  // Stripe's limit: two intervals of the shortest subscription on the clock, or two years without one.
  const subs = ctx.store.all("subscription", (s) => s.test_clock === clock.id && !["canceled", "incomplete_expired"].includes(s.status));
  const limit = Math.min(
    addInterval(clock.frozen_time, "year", 2),
    ...subs.map((s) =>
      addInterval(clock.frozen_time, s.items.data[0].price.recurring.interval, 2 * s.items.data[0].price.recurring.interval_count),
    ),
  );
  if (to > limit)
    throw invalidRequest(
      "Cannot advance more than two intervals in the future from the shortest subscription in this test clock (two years without one).",
      "frozen_time",
    );
  const answer = { ...render(ctx, clock), status: "advancing", status_details: { advancing: { target_frozen_time: to } } };
  ctx.events.emit("test_helpers.test_clock.advancing", answer as StripeObject, { request: ctx.request });
  advanceTo(ctx, clock.id, to, (t) => ctx.store.update(clock, { frozen_time: t }));
  ctx.events.emit("test_helpers.test_clock.ready", clock, { request: ctx.request });
  return answer;
}
