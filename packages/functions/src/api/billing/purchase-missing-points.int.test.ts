import { db } from "@storyboard/core/dynamo/service";
import { createTestUser, eventually, type TestUser } from "@storyboard/local/test/fixtures";
import { balanceOf, confirmCard, fountainScreenplay, get, post, readyScreenplay, settle } from "./test-support";

/** docs/decisions.md#a-render-by-card-pays-only-what-is-missing: the card buys what the balance lacks, at the render's reuse-aware cost. */

const renderBody = (screenplayId: string, paymentIntentId: string) => ({
  paymentIntentId,
  screenplayId,
  renderTitle: "Paid Render",
  style: "noir",
  characterVoices: {},
  previewDescriptionsBeforeFirstImages: false,
  previewImagesBeforeFirstRender: true,
});

const setBalance = (user: TestUser, points: number) => db.entities.user.patch({ userId: user.userId }).set({ points }).go();

async function paidIntent(user: TestUser, screenplayId: string) {
  const { status, body } = await post(user, "/api/create-payment-intent", { screenplayId, style: "noir" });
  expect(status, JSON.stringify(body)).toBe(200);
  await confirmCard(body.clientSecret, "pm_card_visa");
  return body as { paymentIntentId: string; amount: number; points: number; cost: number; balance: number; missing: number };
}

function upload(user: TestUser, path: string, name: string, text: string) {
  const form = new FormData();
  form.set("file", new Blob([text]), name);
  return user.call(path, { method: "POST", body: form });
}

describe("a render by card pays only what is missing", () => {
  it("prices a revised draft's render at its reuse price, and the card pays only the points the balance lacks", async () => {
    const user = await createTestUser({ points: 5000 });
    const { id, title } = await readyScreenplay(user, 3);
    const first = await post(user, "/api/renders", { ...renderBody(id, ""), title: "Draft 1" });
    expect(first.status).toBe(200);
    await eventually(async () => {
      const r = await get(user, `/api/renders/${first.body.id}`);
      if (r.status === "failed") throw new Error(r.failureReason);
      return r.status === "assets_ready";
    }, 90_000);

    // Draft 2 changes one line: the render reuses the rest and costs one page, not the whole screenplay.
    const revised = fountainScreenplay(title, 3).replace("We open crate 2 tonight or never.", "We open crate 2 at dawn.");
    expect((await upload(user, `/api/screenplays/${id}/versions`, "night-2.fountain", revised)).status).toBeLessThan(300);
    const quote = (await post(user, `/api/screenplays/${id}/render-quote`, { style: "noir" })).body;
    expect(quote).toMatchObject({ cost: 100, reused: quote.blocks - 1 });
    expect(quote.fullCost).toBeGreaterThanOrEqual(300);

    await setBalance(user, 40);
    const refused = await post(user, "/api/renders", { ...renderBody(id, ""), title: "Draft 2" });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ cost: 100, balance: 40, shortfall: 60 });

    // 60 points at $3 a page is $1.80; the render then takes its 100 points from the balance.
    const intent = await paidIntent(user, id);
    expect(intent).toMatchObject({ cost: 100, balance: 40, missing: 60, points: 60, amount: 180 });
    const bought = await post(user, "/api/purchase-render", renderBody(id, intent.paymentIntentId));
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect((await get(user, `/api/renders/${bought.body.id}`)).pointsCharged).toBe(100);
    expect(await balanceOf(user)).toBe(0);
    await settle();
    expect(await balanceOf(user)).toBe(0);
  });

  it("charges at least Stripe's minimum, and the extra points stay on the balance", async () => {
    const user = await createTestUser({ points: 0 });
    const screenplay = await readyScreenplay(user, 2);
    const cost = screenplay.pageCount * 100;
    await setBalance(user, cost - 5);
    const intent = await paidIntent(user, screenplay.id);
    // 5 points are 15 cents; Stripe's minimum of 50 cents buys 16.
    expect(intent).toMatchObject({ missing: 5, amount: 50, points: 16 });
    expect((await post(user, "/api/purchase-render", renderBody(screenplay.id, intent.paymentIntentId))).status).toBe(200);
    expect(await balanceOf(user)).toBe(11);
  });

  it("refuses to sell points to a balance that covers the render", async () => {
    const user = await createTestUser({ points: 0 });
    const screenplay = await readyScreenplay(user, 1);
    await setBalance(user, 100 * screenplay.pageCount + 100);
    const answer = await post(user, "/api/create-payment-intent", { screenplayId: screenplay.id, style: "noir" });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/enough points/);
  });

  it("keeps the points bought, and starts nothing, when the balance fell while the card was paid", async () => {
    const user = await createTestUser({ points: 0 });
    const screenplay = await readyScreenplay(user, 2);
    const cost = screenplay.pageCount * 100;
    await setBalance(user, 150);
    const intent = await paidIntent(user, screenplay.id);
    expect(intent.points).toBe(cost - 150);
    await setBalance(user, 50); // spent elsewhere meanwhile
    const answer = await post(user, "/api/purchase-render", renderBody(screenplay.id, intent.paymentIntentId));
    expect(answer.status).toBe(402);
    expect(answer.body.message).toMatch(/balance changed while you paid/);
    expect(await get<unknown[]>(user, `/api/screenplays/${screenplay.id}/renders`)).toHaveLength(0);
    expect(await balanceOf(user)).toBe(50 + cost - 150);
    await settle();
    expect(await balanceOf(user)).toBe(50 + cost - 150);
  });
});
