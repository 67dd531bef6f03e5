import { creditDueAnnualMonths } from "@storyboard/core/billing/subscription-credits";
import { stripe } from "@storyboard/core/billing/stripe";
import { db } from "@storyboard/core/dynamo/service";
import { eventually, type TestUser } from "@storyboard/local/test/fixtures";
import { balanceOf, call, DAY, hasSubscriptionPrices, post, subscribed } from "./test-support";

/**
 * docs/decisions.md#upgrades-credit-what-was-paid-for, through the API on the
 * stand-in's test clocks: an upgrade on day 0, 15 and 29.5 of the month (of a
 * 30-day month, scaled to the real period) credits the plan difference times
 * the share left, never more than the charge buys at the new plan's rate;
 * monthly → annual credits the first annual month (less the unused share given
 * back as money) and the eleven others follow.
 */
const standIn = await hasSubscriptionPrices();

async function periodOf(user: TestUser) {
  const { data: record } = await db.entities.userSubscription.get({ userId: user.userId }).go();
  const sub = await stripe().subscriptions.retrieve(record!.subscriptionId);
  const item = sub.items.data[0];
  return { sub, start: item.current_period_start, end: item.current_period_end };
}

async function latestInvoice(user: TestUser) {
  const { sub } = await periodOf(user);
  return stripe().invoices.retrieve(sub.latest_invoice as string);
}

/** Subscribes to Starter, advances to `day` of a 30-day month (scaled to the period), and asks the estimate for `priceId`. */
async function onDay(day: number, priceId: string) {
  const ctx = await subscribed("storyboard_starter_monthly", 1000);
  const { start, end } = await periodOf(ctx.user);
  const periodDays = (end - start) / DAY;
  if (day > 0) await ctx.advance((periodDays * day) / 30);
  const estimate = await post(ctx.user, "/api/userSubscription/estimate", { priceId });
  expect(estimate.status).toBe(200);
  const share = (end - estimate.body.prorationDate) / (end - start);
  const changed = await call(ctx.user, "PUT", "/api/userSubscription", { priceId, prorationDate: estimate.body.prorationDate });
  expect(changed.status).toBe(200);
  expect(changed.body.userSubscription.priceId).toBe(priceId);
  const invoice = await latestInvoice(ctx.user);
  expect(invoice.amount_paid).toBe(estimate.body.estimate);
  return { ...ctx, estimate: estimate.body, share, paid: invoice.amount_paid };
}

describe.skipIf(!standIn)("points credited on upgrade, by test clock", () => {
  it.each([0, 15, 29.5])("Starter → Agency on day %s credits the difference for the time left, at most Agency's rate", async (day) => {
    const { user, estimate, share, paid } = await onDay(day, "storyboard_agency_monthly");
    const atAgencyRate = Math.floor((paid * 20000) / 48000);
    expect(estimate.points).toBeLessThanOrEqual(atAgencyRate);
    expect(Math.abs(estimate.points - Math.min(Math.floor(19000 * share), atAgencyRate))).toBeLessThanOrEqual(1);
    await eventually(async () => (await balanceOf(user)) === 1000 + estimate.points, 20_000);
    const upgrade = (await (await user.call("/api/points/ledger")).json()).records.find((r: { comment: string }) =>
      r.comment?.includes("points of the upgrade"),
    );
    expect(upgrade.delta).toBe(estimate.points);
    if (day === 29.5) expect(estimate.points).toBeLessThan(400); // the 19,000 for 755 cents is gone
  });

  it.each([0, 15, 29.5])("Starter monthly → annual on day %s credits the first annual month, the rest follow monthly", async (day) => {
    const { user, estimate, share, paid } = await onDay(day, "storyboard_starter_annual");
    expect(paid).toBe(25920 - Math.round(2700 * share));
    expect(estimate.points).toBe(Math.max(0, 1000 - Math.ceil(1000 * share - 1e-9)));
    await eventually(async () => (await balanceOf(user)) === 1000 + estimate.points, 20_000);
    // The new year runs from the change: month 2 is due a month later, and all twelve months arrive.
    const record = await eventually(async () => {
      const { data } = await db.entities.userSubscription.get({ userId: user.userId }).go();
      return data?.creditState === "due" ? data : null;
    }, 20_000);
    expect(record).toMatchObject({ monthsCredited: 1, creditPointsPerMonth: 1000, creditState: "due" });
    const yearStart = new Date(record!.creditPeriodStart!).getTime();
    for (let month = 2; month <= 12; month++) await creditDueAnnualMonths(new Date(yearStart + month * 31 * DAY * 1000 - 2 * DAY * 1000));
    expect(await balanceOf(user)).toBe(1000 + estimate.points + 11 * 1000);
  });
});
