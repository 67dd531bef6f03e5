import { db } from "@storyboard/core/dynamo/service";
import { createTestUser, eventually, type TestUser } from "@storyboard/local/test/fixtures";
import { balanceOf, confirmCard, get, mailsTo, post, readyScreenplay, settle } from "./test-support";

/** A render paid by card when points are short (docs/product.md#payments, docs/decisions.md#payments). */
const renderBody = (screenplayId: string, paymentIntentId: string) => ({
  paymentIntentId,
  screenplayId,
  renderTitle: "Paid Render",
  style: "noir",
  characterVoices: {},
  previewDescriptionsBeforeFirstImages: true,
  previewImagesBeforeFirstRender: true,
});

async function snapshot(user: TestUser, screenplayId: string) {
  const [balance, renders, ledger] = await Promise.all([
    balanceOf(user),
    get<unknown[]>(user, `/api/screenplays/${screenplayId}/renders`),
    get<{ pagination: { total: number } }>(user, "/api/points/ledger"),
  ]);
  return { balance, renders: renders.length, ledger: ledger.pagination.total };
}

async function paidIntent(user: TestUser, screenplayId: string, card = "pm_card_visa") {
  const { status, body } = await post(user, "/api/create-payment-intent", { screenplayId, style: "noir" });
  expect(status).toBe(200);
  await confirmCard(body.clientSecret, card);
  return body as { clientSecret: string; paymentIntentId: string; amount: number; points: number; cost: number; balance: number };
}

describe("purchase-render", () => {
  it("charges the card for the missing points only, and starts the render with the purchase and the render in the ledger", async () => {
    const user = await createTestUser({ points: 100 });
    const screenplay = await readyScreenplay(user, 3);
    expect(screenplay.pageCount).toBeGreaterThan(1);
    const cost = screenplay.pageCount * 100;
    expect((await post(user, "/api/renders", { screenplayId: screenplay.id, title: "Too dear", style: "noir" })).status).toBe(402);

    // docs/decisions.md#a-render-by-card-pays-only-what-is-missing: 100 points on the balance, cost − 100 bought at $3 a page.
    const intent = await paidIntent(user, screenplay.id);
    expect(intent).toMatchObject({ amount: (cost - 100) * 3, points: cost - 100, cost, balance: 100, missing: cost - 100 });
    const bought = await post(user, "/api/purchase-render", renderBody(screenplay.id, intent.paymentIntentId));
    expect(bought.status).toBe(200);
    const id = bought.body.renderJob.id;
    const render = await get(user, `/api/renders/${id}`);
    expect(render).toMatchObject({ title: "Paid Render", style: "noir", pointsCharged: cost });
    await eventually(async () => ["queued", "descriptions_ready"].includes((await get(user, `/api/renders/${id}`)).status));

    // The card paid what was missing; the render took the whole cost from the balance.
    expect(await balanceOf(user)).toBe(0);
    const { records } = await get(user, "/api/points/ledger");
    expect(records.slice(0, 2).map((r: { reason: string; delta: number }) => [r.reason, r.delta])).toEqual([
      ["render", -cost],
      ["purchase", cost - 100],
    ]);
    const payments = await get(user, "/api/payments");
    expect(payments).toEqual([expect.objectContaining({ id: records[1].referenceId, amount: (cost - 100) * 3, status: "paid" })]);

    // The webhook of the same intent does not credit it again.
    await settle();
    expect(await balanceOf(user)).toBe(0);
    // Nor can the intent buy a second render.
    const reused = await post(user, "/api/purchase-render", renderBody(screenplay.id, intent.paymentIntentId));
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe("This payment has already been used for a render.");
    expect((await get<unknown[]>(user, `/api/screenplays/${screenplay.id}/renders`)).length).toBe(1);
  });

  it("starts the render with every setting the writer prepared, as POST /api/renders would", async () => {
    const user = await createTestUser({ points: 0 });
    const screenplay = await readyScreenplay(user, 1);
    const intent = await paidIntent(user, screenplay.id);
    const settings = {
      aspect: "1:1",
      pdfLayout: "2-portrait",
      timelineFps: "25",
      music: "generated",
      mixLevels: { dialogue: 2, narration: -4, music: -20 },
      burnCaptions: true,
    };
    const bought = await post(user, "/api/purchase-render", { ...renderBody(screenplay.id, intent.paymentIntentId), ...settings });
    expect(bought.status).toBe(200);
    const { data: job } = await db.entities.renderJob.get({ renderJobId: bought.body.renderJob.id }).go();
    expect(job).toMatchObject(settings);
  });

  it("refuses a setting POST /api/renders refuses with the same 400, before the payment is used", async () => {
    const user = await createTestUser({ points: 0 });
    const screenplay = await readyScreenplay(user, 1);
    const intent = await paidIntent(user, screenplay.id);
    const refused: [string, Record<string, unknown>, string][] = [
      ["an aspect the style cannot draw", { style: "cinematic", aspect: "9:16" }, "aspect"],
      ["uploaded music without a track", { music: "upload" }, "musicUploadId"],
    ];
    for (const [what, settings, field] of refused) {
      const answer = await post(user, "/api/purchase-render", { ...renderBody(screenplay.id, intent.paymentIntentId), ...settings });
      expect(answer.status, what).toBe(400);
      expect(answer.body.issues?.[0]?.path, what).toBe(field);
    }
    expect(await get<unknown[]>(user, `/api/screenplays/${screenplay.id}/renders`)).toHaveLength(0);
    // The payment is still good for the render once the settings are.
    expect((await post(user, "/api/purchase-render", renderBody(screenplay.id, intent.paymentIntentId))).status).toBe(200);
  });

  it("refuses a foreign, unpaid, wrong-amount, points or unknown intent and creates nothing", async () => {
    const user = await createTestUser({ points: 0 });
    const other = await createTestUser({ points: 0 });
    const screenplay = await readyScreenplay(user, 2);
    const short = await readyScreenplay(user, 1);
    const othersScreenplay = await readyScreenplay(other, 2);

    const foreign = await paidIntent(other, othersScreenplay.id);
    // Both made while the balance is empty: a balance that covers the render is sold no points.
    const unpaid = (await post(user, "/api/create-payment-intent", { screenplayId: screenplay.id })).body;
    const declined = (await post(user, "/api/create-payment-intent", { screenplayId: screenplay.id })).body;
    const cheaper = await paidIntent(user, short.id);
    const points = (await post(user, "/api/create-payment-intent-v2", { amount: 10 })).body;
    await confirmCard(points.clientSecret, "pm_card_visa");
    await confirmCard(declined.clientSecret, "pm_card_chargeDeclined");
    // The webhook turns the two paid intents into points; nothing else may change after that.
    await eventually(async () => (await balanceOf(user)) === cheaper.points + 333);
    const before = await snapshot(user, screenplay.id);

    const attempts: [string, string, number][] = [
      ["another user's intent", foreign.paymentIntentId, 404],
      ["an unpaid intent", unpaid.paymentIntentId, 402],
      ["a declined intent", declined.paymentIntentId, 402],
      ["an intent of a cheaper screenplay", cheaper.paymentIntentId, 400],
      ["a points intent", points.paymentIntentId, 400],
      ["an unknown intent", "pi_does_not_exist", 404],
    ];
    for (const [what, paymentIntentId, status] of attempts) {
      const answer = await post(user, "/api/purchase-render", renderBody(screenplay.id, paymentIntentId));
      expect(answer.status, what).toBe(status);
      expect(answer.body.message, what).toBeTruthy();
    }
    expect(await snapshot(user, screenplay.id)).toEqual(before);
    // The other user's intent still belongs to them, unused.
    expect((await post(other, "/api/purchase-render", renderBody(othersScreenplay.id, foreign.paymentIntentId))).status).toBe(200);
  });

  it("two concurrent calls with one intent create one render", async () => {
    const user = await createTestUser({ points: 0 });
    const screenplay = await readyScreenplay(user, 2);
    const intent = await paidIntent(user, screenplay.id);
    const answers = await Promise.all(
      Array.from({ length: 2 }, () => post(user, "/api/purchase-render", renderBody(screenplay.id, intent.paymentIntentId))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await get<unknown[]>(user, `/api/screenplays/${screenplay.id}/renders`)).toHaveLength(1);
    const { records } = await get(user, "/api/points/ledger");
    expect(records.filter((r: { reason: string }) => r.reason === "purchase")).toHaveLength(1);
    expect(records.filter((r: { reason: string }) => r.reason === "render")).toHaveLength(1);
    await settle();
    expect(await balanceOf(user)).toBe(0);
  });

  it("one receipt, stating the balance the render left, even when the webhook credited the payment first", async () => {
    const user = await createTestUser({ points: 613 });
    const screenplay = await readyScreenplay(user, 17);
    const intent = await paidIntent(user, screenplay.id);
    // The webhook's credit lands first: for a moment the balance holds the render's points too.
    await eventually(async () => (await balanceOf(user)) === 613 + intent.points);
    expect((await post(user, "/api/purchase-render", renderBody(screenplay.id, intent.paymentIntentId))).status).toBe(200);
    // The card bought only the missing points, so the render took the 613 too (docs/decisions.md#a-render-by-card-pays-only-what-is-missing).
    expect(await balanceOf(user)).toBe(0);
    await settle();
    const receipts = (await mailsTo(user.email)).filter((m) => m.subject.includes("receipt"));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.body.text).toContain(`it paid for the render's ${intent.points.toLocaleString("en-US")} points. Your balance is now 0 points.`);
  });

  it("still starts the render when the webhook credited the payment first", async () => {
    const user = await createTestUser({ points: 0 });
    const screenplay = await readyScreenplay(user, 2);
    const intent = await paidIntent(user, screenplay.id);
    // The webhook's credit lands first: the points are on the balance.
    await eventually(async () => (await balanceOf(user)) === intent.points);
    const bought = await post(user, "/api/purchase-render", renderBody(screenplay.id, intent.paymentIntentId));
    expect(bought.status).toBe(200);
    expect(await balanceOf(user)).toBe(0);
    const { records } = await get(user, "/api/points/ledger");
    expect(records.filter((r: { reason: string }) => r.reason === "purchase")).toHaveLength(1);
    expect(await get<unknown[]>(user, `/api/screenplays/${screenplay.id}/renders`)).toHaveLength(1);
    const { data: claim } = await db.entities.unique
      .get({ kind: "idempotency", value: `stripe:render_purchase:${intent.paymentIntentId}` })
      .go();
    expect(claim?.ownerId).toBe(user.userId);
  });
});
