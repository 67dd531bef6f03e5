/**
 * For the stand-in's own tests: a stand-in on a free port, the official SDK
 * pointed at it, and a webhook endpoint that verifies every delivery with
 * `constructEventAsync` and can be told to fail.
 */
import { createServer } from "node:http";
import Stripe from "stripe";
import { startStripeStandIn, type StripeStandInOptions } from "./server";

export interface Received {
  event: Stripe.Event;
  verified: boolean;
}

export async function standInWithWebhook(options: Partial<StripeStandInOptions> = {}) {
  const received: Received[] = [];
  /** Answers to give next (status codes); when empty, 200. */
  const failNext: number[] = [];
  const standIn = await startStripeStandIn({ port: 0, delivery: { attempts: 4, retryBaseMs: 20 }, ...options });
  const target = new URL(standIn.url);
  const sdk = new Stripe(standIn.secretKey, { host: target.hostname, port: Number(target.port), protocol: "http", maxNetworkRetries: 0 });
  const hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const payload = Buffer.concat(chunks).toString("utf8");
      let verified = true;
      let event: Stripe.Event;
      try {
        event = await sdk.webhooks.constructEventAsync(payload, req.headers["stripe-signature"] as string, standIn.webhookSecret);
      } catch {
        verified = false;
        event = JSON.parse(payload);
      }
      received.push({ event, verified });
      res.writeHead(failNext.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  standIn.setWebhookUrl(`http://127.0.0.1:${(hook.address() as { port: number }).port}/`);
  const control = async (path: string, body: unknown = {}) => {
    const res = await fetch(`${standIn.url}/_stand-in${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${standIn.secretKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  /** Stripe.js's confirm: form-encoded, publishable key, client secret. */
  const confirmAsBrowser = async (clientSecret: string, fields: Record<string, string>) => {
    const res = await fetch(`${standIn.url}/v1/payment_intents/${clientSecret.split("_secret_")[0]}/confirm`, {
      method: "POST",
      headers: { authorization: `Bearer ${standIn.publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_secret: clientSecret, ...fields }).toString(),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  /**
   * The cardholder on the 3-D Secure page an intent's `next_action` points to:
   * opens it, then presses Complete or Fail. Answers the page's status, the
   * redirect (when the confirm gave a return_url) and the page's HTML.
   */
  const challenge = async (intent: { next_action?: any }, outcome: "complete" | "fail") => {
    const action = intent.next_action;
    const url = action?.redirect_to_url?.url ?? action?.use_stripe_sdk?.stripe_js;
    if (!url) throw new Error(`no 3-D Secure step in ${JSON.stringify(action)}`);
    const page = await fetch(url);
    const html = await page.text();
    if (!page.ok || !html.includes('value="complete"')) throw new Error(`challenge page ${page.status}: ${html}`);
    const target = new URL(url);
    const res = await fetch(`${target.origin}${target.pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_secret: target.searchParams.get("client_secret")!, outcome }).toString(),
      redirect: "manual",
    });
    return { status: res.status, location: res.headers.get("location"), html: await res.text() };
  };
  return {
    standIn,
    challenge,
    stripe: sdk,
    received,
    failNext,
    control,
    confirmAsBrowser,
    idle: () => control("/events/wait-idle", { timeout_ms: 10_000 }),
    typesOf: (filter?: (e: Stripe.Event) => boolean) => received.filter((r) => !filter || filter(r.event)).map((r) => r.event.type),
    stop: async () => {
      await standIn.stop();
      hook.closeAllConnections();
      await new Promise((r) => hook.close(r));
    },
  };
}
