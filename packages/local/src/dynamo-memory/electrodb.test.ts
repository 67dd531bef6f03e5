/**
 * The product's own points code (ElectroDB transactions, as the pipeline's
 * createRender and refunds use them) against the in-memory table: a failed
 * condition must reach ElectroDB as a canceled transaction with the failing
 * item's index, and leave nothing written.
 */
import { randomUUID } from "node:crypto";
import { ensureTable } from "../bootstrap";
import type { StandIn } from "../stand-ins";
import { startMemoryDynamo } from "./server";

let dynamo: StandIn;
let core: {
  points: typeof import("@storyboard/core/points/points");
  ledger: typeof import("@storyboard/core/points/ledger");
  actor: typeof import("@storyboard/core/actor");
  db: (typeof import("@storyboard/core/dynamo/service"))["db"];
};

beforeAll(async () => {
  dynamo = await startMemoryDynamo();
  await ensureTable(dynamo.url, "storyboard-memory-test");
  // Core builds its table client on first import, from the environment.
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: dynamo.url,
    TABLE_NAME: "storyboard-memory-test",
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local",
  });
  core = {
    points: await import("@storyboard/core/points/points"),
    ledger: await import("@storyboard/core/points/ledger"),
    actor: await import("@storyboard/core/actor"),
    db: (await import("@storyboard/core/dynamo/service")).db,
  };
});
afterAll(() => dynamo.stop());

async function userWith(points: number) {
  const userId = randomUUID();
  await core.db.entities.user
    .create({
      userId,
      username: `u${userId.slice(0, 8)}`,
      email: `${userId}@example.com`,
      referralCode: userId.slice(0, 10),
      unsubscribeToken: `${userId}.t`,
      points,
    })
    .go();
  return userId;
}

const ledgerTotal = (userId: string) =>
  core.actor
    .withActor({ type: "user", userId, roles: [], sessionId: "test" }, () => core.ledger.listLedger())
    .then((page) => page.pagination.total);

describe("ElectroDB transactions on the in-memory table", () => {
  it("debits and writes the ledger entry together", async () => {
    const userId = await userWith(50);
    await core.points.debitPoints({ userId, amount: 30, reason: "render" });
    expect(await core.points.balanceOf(userId)).toBe(20);
    expect(await ledgerTotal(userId)).toBe(1);
  });

  it("answers 402 for a balance too low, writing neither the debit nor the ledger entry", async () => {
    const userId = await userWith(50);
    const error = await core.points.debitPoints({ userId, amount: 100, reason: "render" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 402, message: "You don't have enough points for this." });
    expect(await core.points.balanceOf(userId)).toBe(50);
    expect(await ledgerTotal(userId)).toBe(0);
  });

  it("credits once per idempotency key: the repeat is canceled on its claim item alone", async () => {
    const userId = await userWith(0);
    const credit = () => core.points.creditPoints({ userId, delta: 25, reason: "purchase", idempotencyKey: `test:${userId}` });
    expect(await credit()).toEqual({ credited: true });
    expect(await credit()).toEqual({ credited: false });
    expect(await core.points.balanceOf(userId)).toBe(25);
    expect(await ledgerTotal(userId)).toBe(1);
  });
});
