/**
 * A crash of the stand-in loses nothing it answered: each change is on disk
 * before the answer, and webhook deliveries still owed are delivered by the
 * next start, on Stripe's backoff schedule.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { nextAttemptAt, STRIPE_DELIVERY } from "./events";
import { startStripeStandIn, type StripeStandIn } from "./server";

const sdkFor = (s: StripeStandIn) =>
  new Stripe(s.secretKey, { host: "127.0.0.1", port: Number(new URL(s.url).port), protocol: "http", maxNetworkRetries: 0 });

let dir: string;
const started: StripeStandIn[] = [];
const servers: Server[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "stripe-durable-"));
});
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const start = async (dataFile: string, options: Parameters<typeof startStripeStandIn>[0]["delivery"] = {}) => {
  const standIn = await startStripeStandIn({
    port: 0,
    dataFile,
    keys: { secretKey: "sk_test_durable", webhookSecret: "whsec_durable" },
    delivery: options,
  });
  started.push(standIn);
  return standIn;
};

/** What a `kill -9` leaves: the files as they are at that moment, opened by a new process. */
const crashCopy = () => {
  const copy = mkdtempSync(join(tmpdir(), "stripe-crashed-"));
  cpSync(dir, copy, { recursive: true });
  return join(copy, "stripe.json");
};

async function webhook(status: number) {
  const received: Stripe.Event[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      res.writeHead(status).end();
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, received };
}

describe("Stripe stand-in: crash safety", () => {
  it("a confirmed payment is on disk when the answer arrives (no delayed save)", async () => {
    const standIn = await start(join(dir, "stripe.json"));
    const stripe = sdkFor(standIn);
    const intent = await stripe.paymentIntents.create({ amount: 3000, currency: "usd", payment_method: "pm_card_visa", confirm: true });
    expect(intent.status).toBe("succeeded");
    // Read at once, as a new process after a kill would.
    const copy = crashCopy();
    const snapshot = JSON.parse(readFileSync(copy, "utf8"));
    expect(snapshot.objects[intent.id]).toMatchObject({ status: "succeeded", amount_received: 3000 });
    const events = readFileSync(copy.replace(/\.json$/, ".events.jsonl"), "utf8");
    expect(events).toContain('"type":"payment_intent.succeeded"');
    const again = await start(copy);
    expect((await sdkFor(again).paymentIntents.retrieve(intent.id)).status).toBe("succeeded");
  });

  it("webhook events not yet sent at a crash are delivered after the restart", async () => {
    // No endpoint yet: the events wait in the queue, as for a crash before the first attempt.
    const first = await start(join(dir, "stripe.json"));
    const customer = await sdkFor(first).customers.create({ email: "owed@example.com" });
    const copy = crashCopy();
    const up = await webhook(200);
    const second = await start(copy);
    second.setWebhookUrl(up.url);
    await expect.poll(() => up.received.map((e) => e.type)).toContain("customer.created");
    expect(up.received.find((e) => e.type === "customer.created")?.data.object).toMatchObject({ id: customer.id });
    await second.events.idle();
    expect(second.store.deliveries).toEqual([]);
  });

  it("a delivery that failed before the crash is retried after the restart when its backoff is due", async () => {
    const down = await webhook(503);
    const first = await start(join(dir, "stripe.json"), { retryBaseMs: 400 });
    first.setWebhookUrl(down.url);
    await sdkFor(first).customers.create({ email: "retry@example.com" });
    await expect.poll(() => down.received.length).toBeGreaterThan(0);
    const copy = crashCopy();
    const owed = JSON.parse(readFileSync(copy, "utf8")).deliveries;
    expect(owed[0]).toMatchObject({ attempt: 2 });
    const up = await webhook(200);
    const second = await start(copy, { retryBaseMs: 400 });
    second.setWebhookUrl(up.url);
    await expect.poll(() => up.received.map((e) => e.type)).toContain("customer.created");
    await second.events.idle();
    expect(second.events.log.map((d) => d.attempt)).toContain(2);
  });

  it("a last event line torn by a crash is skipped, the rest loads", async () => {
    const first = await start(join(dir, "stripe.json"));
    const customer = await sdkFor(first).customers.create({ email: "torn@example.com" });
    const copy = crashCopy();
    writeFileSync(
      copy.replace(/\.json$/, ".events.jsonl"),
      `${readFileSync(copy.replace(/\.json$/, ".events.jsonl"), "utf8")}{"id":"evt_torn","obj`,
    );
    const second = await start(copy);
    expect((await sdkFor(second).customers.retrieve(customer.id)).id).toBe(customer.id);
  });
});

describe("Stripe's webhook retry schedule", () => {
  it("backs off exponentially from five minutes, at most twelve hours apart, and gives up after three days", () => {
    const first = { eventId: "evt_1", attempt: 1, dueAt: 0, firstAt: 0 };
    let now = 0;
    const waits: number[] = [];
    for (let delivery = first; ;) {
      const at = nextAttemptAt(delivery, STRIPE_DELIVERY, now);
      if (at === null) break;
      waits.push(at - now);
      now = at;
      delivery = { ...delivery, attempt: delivery.attempt + 1, dueAt: at };
    }
    const minutes = waits.map((w) => w / 60_000);
    expect(minutes.slice(0, 4)).toEqual([5, 10, 20, 40]);
    expect(Math.max(...minutes)).toBe(12 * 60);
    expect(now).toBeLessThanOrEqual(72 * 3_600_000);
    expect(now).toBeGreaterThan(60 * 3_600_000);
  });

  it("a compressed schedule keeps its shape (tests)", () => {
    const options = { ...STRIPE_DELIVERY, retryBaseMs: 5, retryCapMs: 720, retryForMs: 4_320 };
    expect(nextAttemptAt({ eventId: "e", attempt: 1, dueAt: 0, firstAt: 0 }, options, 0)).toBe(5);
    expect(nextAttemptAt({ eventId: "e", attempt: 3, dueAt: 0, firstAt: 0 }, options, 100)).toBe(120);
    expect(nextAttemptAt({ eventId: "e", attempt: 9, dueAt: 0, firstAt: 0 }, options, 4_000)).toBeNull();
  });
});
