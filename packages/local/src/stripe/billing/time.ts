/** Billing time: a customer's clock (its test clock, else the stand-in's own) and period arithmetic. */
import type { StripeStore } from "../store";

/** Now for a customer: its test clock's frozen time, or the stand-in's clock. */
export function timeOf(store: StripeStore, customerId: string | null | undefined): number {
  const customer = customerId ? store.get(customerId) : undefined;
  const clock = customer?.test_clock ? store.get(customer.test_clock) : undefined;
  return clock ? clock.frozen_time : store.now();
}

/**
 * `from` plus `count` intervals, in UTC. Months keep the anchor's day of the
 * month, clamped to the month's last day (Jan 31 → Feb 28 → Mar 31), as Stripe does.
 */
export function addInterval(from: number, interval: string, count = 1, anchor = from): number {
  const date = new Date(from * 1000);
  if (interval === "day") return from + count * 86_400;
  if (interval === "week") return from + count * 7 * 86_400;
  const months = interval === "year" ? 12 * count : count;
  const anchorDay = new Date(anchor * 1000).getUTCDate();
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = Date.UTC(year, month, Math.min(anchorDay, lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return Math.floor(result / 1000);
}

/** "24 Nov 2026", as Stripe writes dates in proration line descriptions. */
export const shortDate = (ts: number) =>
  new Date(ts * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
