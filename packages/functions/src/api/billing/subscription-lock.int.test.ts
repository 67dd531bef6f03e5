import { db } from "@storyboard/core/dynamo/service";
import { CHANGE_IN_PROGRESS, LOCK_WAIT_MS, withSubscriptionLock } from "@storyboard/core/billing/subscription-lock";
import { eventually } from "@storyboard/local/test/fixtures";
import { call, get, hasSubscriptionPrices, settle, subscribed } from "./test-support";

/**
 * docs/decisions.md#one-subscription-change-at-a-time: a cancel and an upgrade
 * sent at the same moment run one after the other; the final state is the one
 * the request that finished last answered, and each answer told the truth.
 */
const standIn = await hasSubscriptionPrices();

const LADDER = [
  "storyboard_starter_monthly",
  "storyboard_pro_monthly",
  "storyboard_studio_monthly",
  "storyboard_agency_monthly",
  "storyboard_agency_annual",
];
const view = (s: { priceId: string; cancelAtPeriodEnd: boolean; pendingPriceId: string | null }) => ({
  priceId: s.priceId,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  pendingPriceId: s.pendingPriceId,
});

describe.skipIf(!standIn)("one subscription change at a time", () => {
  it(
    "concurrent cancel + upgrade, 20 rounds: the last to finish is the final state, and each answer is true",
    { timeout: 240_000 },
    async () => {
      // Five users climb the ladder four times each, in parallel: 20 rounds.
      await Promise.all(
        [0, 1, 2, 3, 4].map(async () => {
          const { user } = await subscribed(LADDER[0], 1000);
          for (let step = 1; step < LADDER.length; step++) {
            const target = LADDER[step];
            const finished: { kind: "cancel" | "upgrade"; at: number; status: number; body: any }[] = [];
            const timed = async (kind: "cancel" | "upgrade", request: Promise<{ status: number; body: any }>) => {
              const res = await request;
              finished.push({ kind, at: performance.now(), ...res });
            };
            await Promise.all([
              timed("cancel", call(user, "DELETE", "/api/userSubscription")),
              timed("upgrade", call(user, "PUT", "/api/userSubscription", { priceId: target })),
            ]);
            expect(finished.map((f) => f.status)).toEqual([200, 200]);
            const cancel = finished.find((f) => f.kind === "cancel")!.body.userSubscription;
            const upgrade = finished.find((f) => f.kind === "upgrade")!.body.userSubscription;
            // Each told the truth of the state its own request left.
            expect(cancel.cancelAtPeriodEnd).toBe(true);
            expect(upgrade).toMatchObject({ priceId: target, cancelAtPeriodEnd: false });
            const last = finished[1];
            if (last.kind === "cancel") expect(cancel.priceId).toBe(target); // it ran after the upgrade
            await settle(300);
            const final = (await get(user, "/api/user/subscription")).userSubscription;
            expect(view(final)).toEqual(view(last.body.userSubscription));
          }
        }),
      );
    },
  );

  it("a change waits for the one in progress, and answers 409 if it never ends", async () => {
    const { user } = await subscribed(LADDER[0], 1000);
    let release!: () => void;
    const holding = withSubscriptionLock(user.userId, () => new Promise<void>((resolve) => (release = resolve)));
    await eventually(async () => !!(await db.entities.lock.get({ name: `subscription:${user.userId}` }).go()).data);
    const waiting = call(user, "DELETE", "/api/userSubscription");
    await settle(500);
    release();
    await holding;
    expect((await waiting).body.userSubscription.cancelAtPeriodEnd).toBe(true);

    // Held until the refusal arrives, not for a fixed time: a loaded machine can
    // take seconds to reach the lease, and a timer would then free it too soon.
    let releaseStuck!: () => void;
    const stuck = withSubscriptionLock(user.userId, () => new Promise<void>((resolve) => (releaseStuck = resolve)));
    await eventually(async () => !!(await db.entities.lock.get({ name: `subscription:${user.userId}` }).go()).data);
    const asked = performance.now();
    const refused = await call(user, "PUT", "/api/userSubscription", { priceId: LADDER[1] });
    releaseStuck();
    await stuck;
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHANGE_IN_PROGRESS);
    expect(performance.now() - asked).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 500);
  }, 60_000);
});
