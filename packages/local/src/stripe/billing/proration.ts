/**
 * What a price change costs, as Stripe computes it: credit for the unused
 * part of the period at the old price, a charge for the rest at the new one,
 * each rounded to the cent; a changed interval (or `billing_cycle_anchor=now`)
 * restarts the period, so the new price is charged in full from now.
 */
import type { Context } from "../api";
import type { StripeObject } from "../store";
import { line } from "./invoices";
import { addInterval, shortDate } from "./time";

export interface PriceChange {
  itemId: string;
  price: StripeObject;
  quantity: number;
}

export interface ChangePlan {
  /** The period restarts at `at` (interval change or billing_cycle_anchor=now). */
  restarts: boolean;
  /** Lines the change makes now: prorations, plus the new period's full charge when the period restarts. */
  lines: ReturnType<typeof line>[];
  newPeriod: { start: number; end: number } | null;
}

const productName = (ctx: Context, price: StripeObject) => ctx.store.get(price.product)?.name ?? price.nickname ?? price.id;
const sameInterval = (a: StripeObject, b: StripeObject) =>
  a.recurring?.interval === b.recurring?.interval && a.recurring?.interval_count === b.recurring?.interval_count;

/** The lines of changing `sub`'s item to `change.price` at `at`, with `behavior` (create_prorations, always_invoice or none). */
export function planChange(
  ctx: Context,
  sub: StripeObject,
  change: PriceChange,
  at: number,
  behavior: string,
  anchorNow: boolean,
): ChangePlan {
  const item = sub.items.data.find((i: StripeObject) => i.id === change.itemId);
  const { current_period_start: start, current_period_end: end } = item;
  const oldPrice = item.price as StripeObject;
  const restarts = anchorNow || !sameInterval(oldPrice, change.price);
  const fraction = end > start ? Math.max(0, Math.min(1, (end - at) / (end - start))) : 0;
  const lines: ReturnType<typeof line>[] = [];
  const common = { subscription: sub.id, subscriptionItem: item.id, proration: true };
  if (behavior !== "none" && fraction > 0) {
    lines.push(
      line(ctx.store, {
        ...common,
        price: oldPrice,
        quantity: item.quantity,
        amount: -Math.round(oldPrice.unit_amount * item.quantity * fraction),
        description: `Unused time on ${productName(ctx, oldPrice)} after ${shortDate(at)}`,
        period: { start: at, end },
      }),
    );
    if (!restarts)
      lines.push(
        line(ctx.store, {
          ...common,
          price: change.price,
          quantity: change.quantity,
          amount: Math.round(change.price.unit_amount * change.quantity * fraction),
          description: `Remaining time on ${productName(ctx, change.price)} after ${shortDate(at)}`,
          period: { start: at, end },
        }),
      );
  }
  let newPeriod = null;
  if (restarts) {
    newPeriod = { start: at, end: addInterval(at, change.price.recurring.interval, change.price.recurring.interval_count) };
    lines.push(periodLine(ctx, sub.id, item.id, change.price, change.quantity, newPeriod));
  }
  return { restarts, lines, newPeriod };
}

/** The full charge of a price for a period. */
export function periodLine(
  ctx: Context,
  subId: string,
  itemId: string,
  price: StripeObject,
  quantity: number,
  period: { start: number; end: number },
) {
  return line(ctx.store, {
    price,
    quantity,
    amount: price.unit_amount * quantity,
    description: `${quantity} × ${productName(ctx, price)} (at $${(price.unit_amount / 100).toFixed(2)} / ${price.recurring?.interval ?? "once"})`,
    period,
    subscription: subId,
    subscriptionItem: itemId,
    proration: false,
  });
}
