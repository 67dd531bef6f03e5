import { eventually } from "@storyboard/local/test/fixtures";
import { balanceOf, call, confirmCard, get, hasSubscriptionPrices, post, subscribed, subscriptionOf } from "./test-support";

/**
 * docs/decisions.md#discounts-end-with-the-plan: an intent made at a
 * subscriber's points rate and paid after the plan ended credits what its
 * amount buys at the rate in force then (retail), not the discount.
 */
const standIn = await hasSubscriptionPrices();

describe.skipIf(!standIn)("discounts end with the plan", () => {
  it("an intent at the Pro rate, paid after the plan ended, credits at retail", async () => {
    const { user, advance } = await subscribed("storyboard_pro_monthly", 3000);
    const atPlanRate = await post(user, "/api/create-payment-intent-v2", { amount: 100 });
    expect(atPlanRate.body.points).toBe(3921); // $100 at 255 cents a page
    const whilePlanRuns = await post(user, "/api/create-payment-intent-v2", { amount: 100 });
    expect((await confirmCard(whilePlanRuns.body.clientSecret, "pm_card_visa")).body.status).toBe("succeeded");
    await eventually(async () => (await balanceOf(user)) === 3000 + 3921);

    expect((await call(user, "DELETE", "/api/userSubscription")).status).toBe(200);
    await advance(32);
    await eventually(async () => (await subscriptionOf(user)) === null, 30_000);
    expect((await confirmCard(atPlanRate.body.clientSecret, "pm_card_visa")).body.status).toBe("succeeded");
    await eventually(async () => (await balanceOf(user)) === 3000 + 3921 + 3333, 20_000);
    const rows = (await get(user, "/api/points/ledger")).records.filter((r: { reason: string }) => r.reason === "purchase");
    expect(rows.map((r: { delta: number }) => r.delta).sort()).toEqual([3333, 3921]);
  });
});
