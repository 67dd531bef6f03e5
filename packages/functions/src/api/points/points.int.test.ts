import { randomUUID } from "node:crypto";
import { creditPoints, debitItems, debitPoints } from "@storyboard/core/points/points";
import { db } from "@storyboard/core/dynamo/service";
import { call, registerUser } from "../auth/test-support";

describe("points", () => {
  it("GET /api/points/balance answers { balance }", async () => {
    const { cookie } = await registerUser();
    expect((await call("GET", "/api/points/balance", { cookie })).body).toEqual({ balance: 500 });
    expect((await call("GET", "/api/points/balance")).status).toBe(401);
  });

  it("pages the ledger newest first with page, limit, pages and total", async () => {
    const { cookie, user } = await registerUser();
    for (let i = 1; i <= 24; i++) await creditPoints({ userId: user.id, delta: i, reason: "purchase", comment: `Purchase ${i}`, referenceId: `ref-${i}` });
    const first = await call("GET", "/api/points/ledger?page=1&limit=20", { cookie });
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, pages: 2, total: 25 });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0]).toEqual({
      id: expect.any(String),
      delta: 24,
      reason: "purchase",
      comment: "Purchase 24",
      referenceId: "ref-24",
      createdAt: expect.any(String),
    });
    expect(first.body.records.map((r: { delta: number }) => r.delta).slice(0, 3)).toEqual([24, 23, 22]);
    const second = await call("GET", "/api/points/ledger?page=2&limit=20", { cookie });
    expect(second.body.records.map((r: { delta: number }) => r.delta)).toEqual([4, 3, 2, 1, 500]);
    expect((await call("GET", "/api/points/ledger", { cookie })).body.pagination.limit).toBe(20);
    expect((await call("GET", "/api/points/ledger?page=9", { cookie })).body.records).toEqual([]);
    expect((await call("GET", "/api/points/ledger?page=0", { cookie })).status).toBe(400);
    expect((await call("GET", "/api/points/balance", { cookie })).body.balance).toBe(500 + (24 * 25) / 2);
  });

  it("credits once per idempotency key", async () => {
    const { user } = await registerUser();
    const key = `test:${randomUUID()}`;
    expect(await creditPoints({ userId: user.id, delta: 100, reason: "purchase", idempotencyKey: key })).toEqual({ credited: true });
    expect(await creditPoints({ userId: user.id, delta: 100, reason: "purchase", idempotencyKey: key })).toEqual({ credited: false });
    const { data } = await db.entities.user.get({ userId: user.id }).go();
    expect(data!.points).toBe(600);
  });

  it("debits with a balance check: too little is a 402 and nothing is written", async () => {
    const { user, cookie } = await registerUser();
    await debitPoints({ userId: user.id, amount: 300, reason: "render", referenceId: "render-1", comment: "Render" });
    await expect(debitPoints({ userId: user.id, amount: 201, reason: "render" })).rejects.toMatchObject({ status: 402 });
    const ledger = await call("GET", "/api/points/ledger", { cookie });
    expect(ledger.body.records.map((r: { delta: number }) => r.delta)).toEqual([-300, 500]);
    expect((await call("GET", "/api/points/balance", { cookie })).body.balance).toBe(200);
  });

  it("debit items combine with the caller's own items in one transaction", async () => {
    const { user } = await registerUser();
    const claim = `test:${randomUUID()}`;
    const result = await db.transaction
      .write((tx) => [
        ...debitItems(tx, { userId: user.id, amount: 100, reason: "image", referenceId: claim }),
        tx.unique.create({ kind: "idempotency", value: claim, ownerId: user.id }).commit(),
      ])
      .go();
    expect(result.canceled).toBe(false);
    // The same claim again: the whole transaction is canceled, the balance untouched.
    const again = await db.transaction
      .write((tx) => [
        ...debitItems(tx, { userId: user.id, amount: 100, reason: "image", referenceId: claim }),
        tx.unique.create({ kind: "idempotency", value: claim, ownerId: user.id }).commit(),
      ])
      .go();
    expect(again.canceled).toBe(true);
    const { data } = await db.entities.user.get({ userId: user.id }).go();
    expect(data!.points).toBe(400);
  });
});
