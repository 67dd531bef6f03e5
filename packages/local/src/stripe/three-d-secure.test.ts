/** 3-D Secure and disputes in the Stripe stand-in, driven as Stripe.js and the server drive them. */
import type Stripe from "stripe";
import { standInWithWebhook } from "./test-support";

let t: Awaited<ReturnType<typeof standInWithWebhook>>;
beforeAll(async () => {
  t = await standInWithWebhook();
});
afterAll(() => t.stop());

const card = (number: string) => ({
  "payment_method_data[type]": "card",
  "payment_method_data[card][number]": number,
  "payment_method_data[card][exp_month]": "12",
  "payment_method_data[card][exp_year]": String(new Date().getFullYear() + 2),
  "payment_method_data[card][cvc]": "123",
});

async function purchase() {
  const customer = await t.stripe.customers.create({ email: "secure@example.com" });
  const intent = await t.stripe.paymentIntents.create({
    amount: 3000,
    currency: "usd",
    customer: customer.id,
    setup_future_usage: "on_session",
  });
  return { customer, intent };
}

const eventsOf = async (id: string) => {
  await t.idle();
  return t.typesOf(
    (e) =>
      (e.data.object as { id?: string; payment_intent?: string }).id === id ||
      (e.data.object as { payment_intent?: string }).payment_intent === id,
  );
};

describe("Stripe stand-in: 3-D Secure", () => {
  it.each([
    ["pm_card_authenticationRequired", { payment_method: "pm_card_authenticationRequired" }],
    ["pm_card_threeDSecure2Required", { payment_method: "pm_card_threeDSecure2Required" }],
    ["4000 0025 0000 3155", card("4000002500003155")],
    ["4000 0000 0000 3220", card("4000000000003220")],
  ])("%s answers requires_action with use_stripe_sdk; Complete on the challenge page makes it succeed", async (_name, fields) => {
    const { intent } = await purchase();
    const confirmed = await t.confirmAsBrowser(intent.client_secret!, fields);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "requires_action", next_action: { type: "use_stripe_sdk" }, latest_charge: null });
    expect(confirmed.body.next_action.use_stripe_sdk.stripe_js).toContain(`/_stand-in/3ds/${intent.id}`);
    const page = await fetch(confirmed.body.next_action.use_stripe_sdk.stripe_js);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<button[^>]*>Complete authentication<\/button>/);
    expect(html).toMatch(/<button[^>]*>Fail authentication<\/button>/);
    const done = await t.challenge(confirmed.body, "complete");
    expect(done.status).toBe(200);
    expect(done.html).toContain("Authentication complete");
    const paid = await t.stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] });
    expect(paid.status).toBe("succeeded");
    expect((paid.latest_charge as Stripe.Charge).payment_method_details?.card?.three_d_secure).toMatchObject({ result: "authenticated" });
    expect(await eventsOf(intent.id)).toEqual([
      "payment_intent.created",
      "payment_intent.requires_action",
      "charge.succeeded",
      "payment_intent.succeeded",
    ]);
  });

  it("with a return_url answers redirect_to_url; Fail sends the browser back with redirect_status=failed and the intent needs a new card", async () => {
    const { intent } = await purchase();
    const confirmed = await t.confirmAsBrowser(intent.client_secret!, {
      ...card("4000002500003155"),
      return_url: "http://localhost:3000/pay/done",
    });
    expect(confirmed.body.next_action).toMatchObject({
      type: "redirect_to_url",
      redirect_to_url: { return_url: "http://localhost:3000/pay/done" },
    });
    const done = await t.challenge(confirmed.body, "fail");
    expect(done.status).toBe(303);
    const back = new URL(done.location!);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ payment_intent: intent.id, redirect_status: "failed" });
    const failed = await t.stripe.paymentIntents.retrieve(intent.id);
    expect(failed).toMatchObject({
      status: "requires_payment_method",
      next_action: null,
      last_payment_error: { code: "payment_intent_authentication_failure" },
    });
    expect(await eventsOf(intent.id)).toEqual([
      "payment_intent.created",
      "payment_intent.requires_action",
      "payment_intent.payment_failed",
    ]);
    // A second try with another card succeeds.
    const retried = await t.confirmAsBrowser(intent.client_secret!, { payment_method: "pm_card_visa" });
    expect(retried.body.status).toBe("succeeded");
  });

  it("an off-session confirm of a card that needs authentication is declined authentication_required", async () => {
    const { customer, intent } = await purchase();
    const pm = await t.stripe.paymentMethods.attach("pm_card_authenticationRequired", { customer: customer.id });
    const error = await t.stripe.paymentIntents.confirm(intent.id, { payment_method: pm.id, off_session: true }).catch((e) => e);
    expect(error).toMatchObject({ type: "StripeCardError", code: "authentication_required" });
    expect((await t.stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");
  });

  it("a challenge link with the wrong client secret is refused", async () => {
    const { intent } = await purchase();
    const res = await fetch(`${t.standIn.url}/_stand-in/3ds/${intent.id}?client_secret=nope`);
    expect(res.status).toBe(404);
  });
});

describe("Stripe stand-in: disputes", () => {
  it("pm_card_createDispute is charged, then disputed; winning evidence closes it won", async () => {
    const { intent } = await purchase();
    const confirmed = await t.confirmAsBrowser(intent.client_secret!, { payment_method: "pm_card_createDispute" });
    expect(confirmed.body.status).toBe("succeeded");
    const [dispute] = (await t.stripe.disputes.list({ payment_intent: intent.id })).data;
    expect(dispute).toMatchObject({ status: "needs_response", amount: 3000, charge: confirmed.body.latest_charge });
    expect((await t.stripe.charges.retrieve(confirmed.body.latest_charge)).disputed).toBe(true);
    const won = await t.stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: "winning_evidence" } });
    expect(won.status).toBe("won");
    await t.idle();
    const disputeEvents = t.received.filter((r) => (r.event.data.object as { id: string }).id === dispute.id).map((r) => r.event);
    expect(disputeEvents.map((e) => e.type)).toEqual([
      "charge.dispute.created",
      "charge.dispute.funds_withdrawn",
      "charge.dispute.updated",
      "charge.dispute.closed",
      "charge.dispute.funds_reinstated",
    ]);
    expect((disputeEvents[3].data.object as Stripe.Dispute).status).toBe("won");
  });

  it("the control API closes a dispute lost (4000 0000 0000 0259 typed in)", async () => {
    const { intent } = await purchase();
    await t.confirmAsBrowser(intent.client_secret!, card("4000000000000259"));
    const [dispute] = (await t.stripe.disputes.list({ payment_intent: intent.id })).data;
    const closed = await t.control(`/disputes/${dispute.id}/close`, { status: "lost" });
    expect(closed.status).toBe("lost");
    await expect(t.control(`/disputes/${dispute.id}/close`, { status: "won" })).rejects.toThrow(/already closed/);
    await t.idle();
    const closedEvent = t.received.find(
      (r) => r.event.type === "charge.dispute.closed" && (r.event.data.object as { id: string }).id === dispute.id,
    );
    expect((closedEvent?.event.data.object as Stripe.Dispute).status).toBe("lost");
  });
});
