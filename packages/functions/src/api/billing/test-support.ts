/**
 * Helpers of the payment integration tests: a ready screenplay of the test's
 * own making, card confirmation against the Stripe stand-in the way Stripe.js
 * does it, signed webhook deliveries, and the receipts in the SES store.
 */
import { randomUUID } from "node:crypto";
import { stripe } from "@storyboard/core/billing/stripe";
import { db } from "@storyboard/core/dynamo/service";
import { createTestUser, eventually, type TestUser } from "@storyboard/local/test/fixtures";

export const jsonHeaders = { "content-type": "application/json" };

export async function post<T = any>(user: TestUser, path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await user.call(path, { method: "POST", headers: jsonHeaders, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

export async function get<T = any>(user: TestUser, path: string): Promise<T> {
  const res = await user.call(path);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const balanceOf = async (user: TestUser) => {
  const body = await get<number | { balance: number }>(user, "/api/points/balance");
  return typeof body === "number" ? body : body.balance;
};

/** A Fountain screenplay of about `pages` pages (200 words a page), written here, never read from the corpus. */
export function fountainScreenplay(title: string, pages: number): string {
  const scene = (n: number) =>
    [
      `INT. WAREHOUSE ${n} - NIGHT`,
      "",
      Array.from({ length: 18 }, (_, i) => `Rain drums on the tin roof while crate ${n}-${i} waits in the dark.`).join(" "),
      "",
      "MAYA",
      `We open crate ${n} tonight or never.`,
      "",
    ].join("\n");
  return [`Title: ${title}`, "", ...Array.from({ length: pages }, (_, i) => scene(i + 1))].join("\n");
}

/** Uploads a generated screenplay and waits until it is ready to render. */
export async function readyScreenplay(user: TestUser, pages: number) {
  const form = new FormData();
  const title = `Crates ${randomUUID().slice(0, 6)}`;
  form.set("file", new Blob([fountainScreenplay(title, pages)]), `${title}.fountain`);
  form.set("title", title);
  const res = await user.call("/api/screenplays", { method: "POST", body: form });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return eventually(async () => {
    const body = await get<{ id: string; status: string; pageCount: number; title: string }>(user, `/api/screenplays/${id}`);
    if (body.status === "failed") throw new Error("The test screenplay failed to parse");
    return body.status === "ready" ? body : null;
  }, 60_000);
}

/** Confirms a PaymentIntent as Stripe.js does: form-encoded, client secret, publishable key as bearer. */
export async function confirmCard(
  clientSecret: string,
  card: string | { number: string; exp_month?: number; exp_year?: number; cvc?: string },
) {
  const id = clientSecret.split("_secret_")[0];
  const form = new URLSearchParams({ client_secret: clientSecret });
  if (typeof card === "string") form.set("payment_method", card);
  else {
    form.set("payment_method_data[type]", "card");
    form.set("payment_method_data[card][number]", card.number);
    form.set("payment_method_data[card][exp_month]", String(card.exp_month ?? 12));
    form.set("payment_method_data[card][exp_year]", String(card.exp_year ?? new Date().getFullYear() + 3));
    form.set("payment_method_data[card][cvc]", card.cvc ?? "123");
  }
  const res = await fetch(`${process.env.STRIPE_API_URL}/v1/payment_intents/${id}/confirm`, {
    method: "POST",
    headers: { authorization: `Bearer ${process.env.STRIPE_PUBLISHABLE_KEY}`, "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Delivers an event to the app's webhook signed as Stripe signs it (with `secret`, by default the real one). */
export async function deliverSigned(
  event: { id?: string; type: string; object: Record<string, unknown> },
  secret = process.env.STRIPE_WEBHOOK_SECRET!,
) {
  const payload = JSON.stringify({
    id: event.id ?? `evt_test_${randomUUID().replace(/-/g, "")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: event.type,
    data: { object: event.object },
  });
  const signature = stripe().webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(new URL("/api/stripe/webhook", process.env.API_URL), {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
  return { status: res.status, body: await res.text() };
}

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}
export async function mailsTo(email: string): Promise<StoredMail[]> {
  const { emails } = (await (await fetch(`${process.env.SES_URL}/store`)).json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(email));
}

/** Waits a moment for anything asynchronous (event delivery) that could still change the state. */
export const settle = (ms = 1500) => new Promise((r) => setTimeout(r, ms));

/** Whether the Stripe at STRIPE_API_URL holds our catalogue's prices (the stand-in with subscriptions). */
export async function hasSubscriptionPrices(): Promise<boolean> {
  if (!process.env.STRIPE_API_URL) return false;
  try {
    const { data } = await stripe().prices.list({ lookup_keys: ["storyboard_pro_monthly"], limit: 1 });
    return data.length === 1;
  } catch {
    return false;
  }
}

/** A PUT or DELETE with a JSON body, as the web sends it. */
export const call = async (user: TestUser, method: "PUT" | "DELETE", path: string, body?: unknown) => {
  const res = await user.call(path, { method, headers: jsonHeaders, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};

export const DAY = 24 * 3600;

/** A user whose Stripe customer runs on its own test clock, so a test can end a period. */
export async function userOnClock() {
  const user = await createTestUser({ points: 0 });
  const clock = await stripe().testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
  const customer = await stripe().customers.create({ email: user.email, test_clock: clock.id, metadata: { userId: user.userId } });
  await db.entities.user.patch({ userId: user.userId }).set({ stripeCustomerId: customer.id }).go();
  await db.entities.paymentProcessorId
    .put({ internalId: user.userId, type: "customer", processorName: "stripe", externalId: customer.id })
    .go();
  let now = clock.frozen_time;
  const advance = async (days: number) => {
    now += days * DAY;
    await stripe().testHelpers.testClocks.advance(clock.id, { frozen_time: now });
    await eventually(async () => (await stripe().testHelpers.testClocks.retrieve(clock.id)).status === "ready", 30_000);
  };
  return { user, customer: customer.id, advance };
}

export const subscriptionOf = async (user: TestUser) => (await get(user, "/api/user/subscription")).userSubscription;

/** A user subscribed to `priceId` on a test clock, paid with a good card, with the first month's `points` credited. */
export async function subscribed(priceId: string, points: number) {
  const ctx = await userOnClock();
  const res = await post(ctx.user, "/api/userSubscription", { priceId });
  expect(res.status).toBe(200);
  expect(res.body.priceId).toBe(priceId);
  expect((await confirmCard(res.body.clientSecret, "pm_card_visa")).body.status).toBe("succeeded");
  await eventually(async () => (await subscriptionOf(ctx.user))?.status === "active");
  await eventually(async () => (await balanceOf(ctx.user)) === points);
  return ctx;
}

/**
 * The cardholder on the bank's page, as the browser reaches it: reads the
 * intent with the publishable key and its client secret, opens the 3-D Secure
 * page its `next_action` names, and presses Complete or Fail.
 */
export async function completeChallenge(clientSecret: string, outcome: "complete" | "fail") {
  const id = clientSecret.split("_secret_")[0];
  const query = new URLSearchParams({ client_secret: clientSecret });
  const intent = (await (
    await fetch(`${process.env.STRIPE_API_URL}/v1/payment_intents/${id}?${query}`, {
      headers: { authorization: `Bearer ${process.env.STRIPE_PUBLISHABLE_KEY}` },
    })
  ).json()) as { status: string; next_action?: { use_stripe_sdk?: { stripe_js?: string }; redirect_to_url?: { url?: string } } };
  const url = intent.next_action?.use_stripe_sdk?.stripe_js ?? intent.next_action?.redirect_to_url?.url;
  if (intent.status !== "requires_action" || !url) throw new Error(`no 3-D Secure step: ${JSON.stringify(intent)}`);
  const page = await fetch(url);
  if (!page.ok) throw new Error(`challenge page ${page.status}`);
  const target = new URL(url);
  const res = await fetch(`${target.origin}${target.pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_secret: target.searchParams.get("client_secret")!, outcome }).toString(),
    redirect: "manual",
  });
  if (res.status >= 400) throw new Error(`challenge answer ${res.status}`);
}
