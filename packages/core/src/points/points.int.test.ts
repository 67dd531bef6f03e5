import { randomUUID } from "node:crypto";
import { db } from "../dynamo/service";
import { createAccount } from "../user/account";
import { balanceOf, creditPoints, debitPoints } from "./points";

const newUser = () =>
  createAccount({ email: `points-${randomUUID().slice(0, 12)}@example.com`, timezone: "UTC", identityId: randomUUID() });
const ledgerSum = async (userId: string) =>
  (await db.entities.pointsLedger.query.byUser({ userId }).go({ pages: "all" })).data.reduce((sum, e) => sum + e.delta, 0);

describe("points under concurrency", () => {
  it("50 parallel debits against a balance that covers 10: exactly 10 succeed, the rest are 402", async () => {
    const user = await newUser(); // 500 points: ten debits of 50
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        debitPoints({ userId: user.userId, amount: 50, reason: "render", referenceId: `parallel-${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const reasons = results.flatMap((r) => (r.status === "rejected" ? [r.reason as { status?: number }] : []));
    expect(reasons.every((e) => e.status === 402)).toBe(true);
    expect(await balanceOf(user.userId)).toBe(0);
    expect(await ledgerSum(user.userId)).toBe(0);
  });

  it("parallel credits with one idempotency key credit once; other keys all land", async () => {
    const user = await newUser();
    const key = `test:${randomUUID()}`;
    const same = await Promise.all(
      Array.from({ length: 10 }, () => creditPoints({ userId: user.userId, delta: 7, reason: "purchase", idempotencyKey: key })),
    );
    expect(same.filter((r) => r.credited)).toHaveLength(1);
    await Promise.all(Array.from({ length: 10 }, () => creditPoints({ userId: user.userId, delta: 1, reason: "purchase" })));
    expect(await balanceOf(user.userId)).toBe(500 + 7 + 10);
    expect(await ledgerSum(user.userId)).toBe(500 + 7 + 10);
  });
});
