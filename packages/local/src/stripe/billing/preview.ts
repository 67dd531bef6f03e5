/**
 * `POST /v1/invoices/create_preview`: the invoice a subscription change would
 * make now (`always_invoice`, or a restarted period) or the next renewal's
 * invoice with its pending prorations, computed like the real one and stored
 * nowhere.
 */
import { type Context, arrayParam, int, need, render, str } from "../api";
import { invalidRequest, missingParam } from "../errors";
import type { StripeObject } from "../store";
import { invoiceObject } from "./invoices";
import { periodLine, planChange } from "./proration";
import { requestedChange } from "./subscriptions";
import { addInterval, timeOf } from "./time";

export function createPreview(ctx: Context) {
  const { params, store } = ctx;
  const details = (params.subscription_details ?? {}) as Record<string, any>;
  const subId = str(params, "subscription");
  const customerId = str(params, "customer") ?? (subId ? store.get(subId)?.customer : undefined);
  if (!customerId) throw missingParam("customer");
  const customer = need(ctx, "customer", customerId);
  const id = `upcoming_${store.newId("in_")}`;
  if (!subId) return previewNewSubscription(ctx, customer, arrayParam(details, "items"), id);
  const sub = need(ctx, "subscription", subId);
  if (sub.customer !== customer.id) throw invalidRequest("The subscription does not belong to this customer.", "subscription");
  const now = timeOf(store, customer.id);
  const at = details.proration_date !== undefined ? int(details, "proration_date")! : now;
  const behavior = str(details, "proration_behavior") ?? "create_prorations";
  const change = requestedChange(ctx, sub, arrayParam(details, "items"));
  const plan = change ? planChange(ctx, sub, change, at, behavior, str(details, "billing_cycle_anchor") === "now") : null;
  if (plan && (behavior === "always_invoice" || plan.restarts)) {
    const invoice = invoiceObject(ctx, {
      id,
      customer,
      subscription: sub,
      lines: [...sub._pendingLines, ...plan.lines],
      billingReason: "subscription_update",
      at,
    });
    return render(ctx, { ...invoice, status: "draft" } as StripeObject);
  }
  // The next renewal: pending prorations, this change's, and the next period at the price it will have.
  const item = sub.items.data[0];
  const start = item.current_period_end;
  const nextPrice = change ? change.price : (scheduledPrice(ctx, sub, start) ?? store.get(item.price.id)!);
  const end = addInterval(start, nextPrice.recurring.interval, nextPrice.recurring.interval_count, sub.billing_cycle_anchor);
  const lines = [
    ...sub._pendingLines,
    ...(plan?.lines ?? []),
    periodLine(ctx, sub.id, item.id, nextPrice, change?.quantity ?? item.quantity, { start, end }),
  ];
  return render(ctx, invoiceObject(ctx, { id, customer, subscription: sub, lines, billingReason: "upcoming", at: start }) as StripeObject);
}

/** The price a schedule puts on the subscription at `at`, if any. */
function scheduledPrice(ctx: Context, sub: StripeObject, at: number): StripeObject | undefined {
  const schedule = sub.schedule ? ctx.store.get(sub.schedule) : undefined;
  const phase =
    schedule?.status === "active" ? schedule.phases.find((p: StripeObject) => p.start_date <= at && at < p.end_date) : undefined;
  return phase ? ctx.store.get(phase.items[0].price) : undefined;
}

function previewNewSubscription(ctx: Context, customer: StripeObject, items: any[], id: string) {
  if (items.length === 0) throw missingParam("subscription_details[items]");
  const at = timeOf(ctx.store, customer.id);
  const lines = items.map((input: Record<string, string>) => {
    const price = need(ctx, "price", input.price, "price");
    if (!price.recurring)
      throw invalidRequest("Only recurring prices can be previewed for a subscription.", "subscription_details[items][0][price]");
    return periodLine(ctx, "", "", price, Number(input.quantity ?? 1), {
      start: at,
      end: addInterval(at, price.recurring.interval, price.recurring.interval_count),
    });
  });
  return render(
    ctx,
    invoiceObject(ctx, { id, customer, subscription: null, lines, billingReason: "subscription_create", at }) as StripeObject,
  );
}
