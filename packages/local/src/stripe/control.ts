/**
 * The stand-in's own control API under `/_stand-in/` (not a Stripe path; the
 * secret key is required). Tests use it to hold, reorder and repeat event
 * deliveries, wait until every event was delivered, move the clock, and
 * open or close a dispute.
 */
import { type Context, parseForm } from "./api";
import { closeDispute, openDispute } from "./disputes";
import { invalidRequest, resourceMissing, StripeApiError } from "./errors";
import { customerOf, type EventBus } from "./events";
import { publicCopy, type StripeStore } from "./store";

export interface ControlDeps {
  store: StripeStore;
  events: EventBus;
  /** Moves the stand-in's own clock to a time and runs what falls due (renewals of customers without a test clock). */
  advanceClock: (to: number) => void;
  /** A context for changes the control API makes (no API request behind them). */
  context: () => Context;
}

type Answer = { status: number; body: unknown };

function parseBody(raw: string): Record<string, any> {
  if (!raw.trim()) return {};
  if (raw.trim().startsWith("{")) {
    try {
      return JSON.parse(raw);
    } catch {
      throw invalidRequest("The control API body is not valid JSON.");
    }
  }
  return parseForm(raw);
}

const positive = (value: unknown, name: string, fallback?: number) => {
  const n = value === undefined ? fallback : Number(value);
  if (n === undefined || !Number.isFinite(n) || n < 0) throw invalidRequest(`${name} must be a number of 0 or more.`, name);
  return n;
};

export async function controlApi(deps: ControlDeps, method: string, url: URL, raw: string): Promise<Answer> {
  const { store, events } = deps;
  const body = { ...Object.fromEntries(url.searchParams), ...parseBody(raw) };
  const path = url.pathname.replace(/^\/_stand-in/, "");
  const route = `${method} ${path}`;

  if (route === "GET /health") return { status: 200, body: { ok: true, now: store.now() } };
  if (route === "POST /events/hold") {
    events.hold(body.customer ? String(body.customer) : undefined);
    return { status: 200, body: { holding: body.customer ?? "*" } };
  }
  if (route === "GET /events/held") {
    const held = events.heldEvents().filter((e) => !body.customer || customerOf(e.data.object) === body.customer);
    return { status: 200, body: { data: held } };
  }
  if (route === "POST /events/release") {
    const order = Array.isArray(body.order)
      ? body.order.map(String)
      : typeof body.order === "object" && body.order
        ? Object.values(body.order).map(String)
        : [];
    return { status: 200, body: { released: events.release(order, body.customer ? String(body.customer) : undefined) } };
  }
  if (route === "POST /events/wait-idle") {
    const timeoutMs = positive(body.timeout_ms, "timeout_ms", 30_000);
    const idle = await Promise.race([
      events.idle().then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs).unref()),
    ]);
    if (!idle) throw new StripeApiError(408, { type: "api_error", message: `Events were still being delivered after ${timeoutMs} ms.` });
    return { status: 200, body: { idle: true } };
  }
  const redeliver = /^POST \/events\/([^/]+)\/redeliver$/.exec(route);
  if (redeliver) {
    const event = store.find("event", redeliver[1]);
    if (!event) throw resourceMissing("event", redeliver[1]);
    const times = positive(body.times, "times", 1);
    events.redeliver(event.id, times);
    return { status: 200, body: { event: event.id, queued: times } };
  }
  if (route === "GET /deliveries") {
    const eventId = body.event as string | undefined;
    return { status: 200, body: { data: events.log.filter((d) => !eventId || d.eventId === eventId) } };
  }
  if (route === "GET /events") {
    // Every event, oldest first, with its delivery attempts: handy when a test fails.
    const all = store
      .all("event")
      .reverse()
      .map((e) => ({ ...publicCopy(e), deliveries: events.log.filter((d) => d.eventId === e.id) }));
    return { status: 200, body: { data: all } };
  }
  if (route === "POST /clock/advance") {
    const to = body.to !== undefined ? positive(body.to, "to") : store.now() + positive(body.seconds, "seconds");
    if (to < store.now()) throw invalidRequest("The clock only moves forward.", "to");
    deps.advanceClock(to);
    return { status: 200, body: { now: store.now() } };
  }
  // A dispute of any succeeded charge, later than the payment (Stripe's test cards dispute at once only).
  const disputed = /^POST \/charges\/([^/]+)\/dispute$/.exec(route);
  if (disputed) {
    const charge = store.find("charge", disputed[1]);
    if (!charge) throw resourceMissing("charge", disputed[1]);
    if (charge.status !== "succeeded" || charge.disputed)
      throw invalidRequest("Only a succeeded charge without a dispute can be disputed.");
    return { status: 200, body: publicCopy(openDispute(deps.context(), charge)) };
  }
  const dispute = /^POST \/disputes\/([^/]+)\/close$/.exec(route);
  if (dispute) {
    const found = store.find("dispute", dispute[1]);
    if (!found) throw resourceMissing("dispute", dispute[1]);
    if (body.status !== "won" && body.status !== "lost") throw invalidRequest("status must be won or lost.", "status");
    return { status: 200, body: publicCopy(closeDispute(deps.context(), found, body.status)) };
  }
  throw new StripeApiError(404, { type: "invalid_request_error", message: `Unknown control call ${route}.` });
}
