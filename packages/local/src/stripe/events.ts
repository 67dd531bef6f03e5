/**
 * Stripe Events and their delivery to the app's webhook endpoint, signed as
 * Stripe signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`).
 * A failed or non-2xx delivery is retried with Stripe's exponential backoff
 * for up to three days; the deliveries owed are kept in the store, on disk,
 * so a restarted stand-in delivers them. Tests compress the schedule, hold
 * delivery and release it in any order, redeliver an event, and wait until
 * nothing is left to deliver.
 */
import { createHmac } from "node:crypto";
import { type Delivery, publicCopy, type StripeObject, type StripeStore } from "./store";

export const API_VERSION = "2026-10-28.endive";

export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}

export interface DeliveryOptions {
  /** Attempts per delivery at most, the first included (Stripe: as many as fit in `retryForMs`). */
  attempts: number;
  /** Wait before the first retry; doubles for each next one. */
  retryBaseMs: number;
  /** The longest wait between two attempts. */
  retryCapMs: number;
  /** No attempt later than this after the first one (Stripe: three days). */
  retryForMs: number;
}

const HOUR = 3_600_000;
/** Stripe's live-mode schedule: exponential backoff from a few minutes, for up to three days. */
export const STRIPE_DELIVERY: DeliveryOptions = {
  attempts: Infinity,
  retryBaseMs: 5 * 60_000,
  retryCapMs: 12 * HOUR,
  retryForMs: 72 * HOUR,
};

/** When a failed attempt is tried again, or null when Stripe would give up. */
export function nextAttemptAt(delivery: Delivery, options: DeliveryOptions, now: number): number | null {
  if (delivery.attempt >= options.attempts) return null;
  const wait = Math.min(options.retryBaseMs * 2 ** (delivery.attempt - 1), options.retryCapMs);
  const at = now + wait;
  return at - delivery.firstAt > options.retryForMs ? null : at;
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  attempt: number;
  status: number | "error";
  at: number;
}

/** Stripe's signature header for a payload (what `stripe.webhooks.generateTestHeaderString` makes). */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** The customer an event's object belongs to (the customer itself for a customer event). */
export function customerOf(object: Record<string, any> | undefined): string | undefined {
  if (!object) return undefined;
  if (object.object === "customer") return object.id;
  return typeof object.customer === "string" ? object.customer : object.customer?.id;
}

export class EventBus {
  private held: string[] = [];
  /** Customer ids whose events are held, or "*" for every event. */
  private holding = new Set<string>();
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private idleWaiters: (() => void)[] = [];
  private webhookUrl: string | undefined;
  private stopped = false;
  /** Every delivery attempt, oldest first (the control API lists the last ones). */
  readonly log: DeliveryRecord[] = [];

  constructor(
    private readonly store: StripeStore,
    private readonly secret: string,
    private readonly options: DeliveryOptions,
    private readonly record?: (entry: { request: string; status: number; body: unknown }) => void,
  ) {}

  /** Where events go; until it is set they wait, as they would for an endpoint not yet created. */
  setWebhookUrl(url: string) {
    this.webhookUrl = url;
    this.pump();
  }

  /** Records an Event for a state change and queues its delivery. */
  emit(type: string, object: StripeObject, options: { previous?: Record<string, unknown>; request?: RequestInfo | null } = {}) {
    const event = this.store.insert({
      id: this.store.newId("evt_"),
      object: "event",
      api_version: API_VERSION,
      created: this.store.now(),
      data: {
        object: publicCopy(object),
        ...(options.previous && Object.keys(options.previous).length ? { previous_attributes: publicCopy(options.previous) } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: options.request ?? { id: null, idempotency_key: null },
      type,
    });
    if (this.holding.has("*") || this.holding.has(customerOf(object) ?? "")) this.held.push(event.id);
    else this.enqueue(event.id);
    return event;
  }

  /** Holds new events: those of one customer (so parallel tests do not hold each other's), or all. */
  hold(customer = "*") {
    this.holding.add(customer);
  }

  /**
   * Stops holding (for one customer, or all) and queues the held events of
   * that scope: those named in `order` first, in that order, then the rest as
   * they were created.
   */
  release(order: string[] = [], customer = "*") {
    const inScope = (id: string) => customer === "*" || customerOf(this.store.get(id)?.data.object) === customer;
    const released = this.held.filter(inScope);
    const ordered = [...order.filter((id) => released.includes(id)), ...released.filter((id) => !order.includes(id))];
    this.held = this.held.filter((id) => !released.includes(id));
    if (customer === "*") this.holding.clear();
    else this.holding.delete(customer);
    for (const id of ordered) this.enqueue(id);
    return ordered;
  }

  heldEvents() {
    return this.held.map((id) => this.store.get(id)!).map(publicCopy);
  }

  /** Queues `times` more deliveries of an event (Stripe redelivers events; tests make it do so on purpose). */
  redeliver(eventId: string, times: number) {
    for (let i = 0; i < times; i++) this.enqueue(eventId);
  }

  /** Resolves once nothing is queued, held for retry or being delivered (held events do not count). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops delivering; the deliveries owed stay in the store for the next start. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.settleIdle();
  }

  private get queue() {
    return this.store.deliveries;
  }

  private isIdle() {
    return this.queue.length === 0 && this.inFlight === 0;
  }

  private enqueue(eventId: string) {
    const now = Date.now();
    this.queue.push({ eventId, attempt: 1, dueAt: now, firstAt: now });
    this.store.changed();
    this.pump();
  }

  /** One delivery at a time, in queue order among those due: the order a test releases is the order the app sees. */
  private pump() {
    if (this.stopped || this.inFlight > 0 || !this.webhookUrl) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return this.settleIdle();
    const now = Date.now();
    const index = this.queue.findIndex((d) => d.dueAt <= now);
    if (index < 0) {
      const next = Math.min(...this.queue.map((d) => d.dueAt));
      this.timer = setTimeout(() => this.pump(), next - now);
      this.timer.unref();
      return;
    }
    // It stays in the queue while in flight: a crash now means it is delivered again after the restart.
    const delivery = this.queue[index];
    this.inFlight++;
    void this.deliver(delivery).finally(() => {
      this.inFlight--;
      this.pump();
    });
  }

  private async deliver(delivery: Delivery) {
    const event = this.store.get(delivery.eventId);
    if (!event) return this.settle(delivery, null);
    const payload = JSON.stringify(publicCopy(event), null, 2);
    if (delivery.attempt === 1) this.record?.({ request: "webhook", status: 200, body: JSON.parse(payload) });
    let status: number | "error" = "error";
    try {
      const res = await fetch(this.webhookUrl!, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signatureHeader(payload, this.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch {
      status = "error";
    }
    this.log.push({ eventId: event.id, type: event.type, attempt: delivery.attempt, status, at: Date.now() });
    if (this.log.length > 1000) this.log.splice(0, this.log.length - 1000);
    if (this.stopped) return;
    const delivered = typeof status === "number" && status >= 200 && status < 300;
    this.settle(delivery, delivered ? null : nextAttemptAt(delivery, this.options, Date.now()));
  }

  /** Drops a delivery done (or given up), or moves it to the back of the queue for its next attempt; saved at once. */
  private settle(delivery: Delivery, retryAt: number | null) {
    const index = this.queue.indexOf(delivery);
    if (index >= 0) this.queue.splice(index, 1);
    if (retryAt !== null) this.queue.push({ ...delivery, attempt: delivery.attempt + 1, dueAt: retryAt });
    this.store.changed();
    try {
      this.store.flush();
    } catch (error) {
      console.error("Stripe stand-in: could not save the webhook queue:", error);
    }
  }

  private settleIdle() {
    if (!this.isIdle() && !this.stopped) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
