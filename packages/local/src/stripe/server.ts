/**
 * The local Stripe stand-in: an HTTP server that speaks Stripe's REST API to
 * the official SDK and to the browser (README.md beside this file lists the
 * endpoints and the `/_stand-in/...` control API). Keys, errors, idempotency,
 * `expand[]`, lists and signed event delivery behave as in Stripe test mode.
 */
import { randomBytes } from "node:crypto";
import { appendFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { arrayParam, type Context, parseForm } from "./api";
import { controlApi } from "./control";
import { StripeApiError, unauthorized } from "./errors";
import { API_VERSION, type DeliveryOptions, EventBus, STRIPE_DELIVERY } from "./events";
import { billingRoutes } from "./billing/routes";
import { seedPlanPrices } from "./billing/catalog";
import { advanceTo } from "./billing/renewals";
import { checkExpansions, checkParams } from "./params";
import { matchRoute, paymentRoutes } from "./routes";
import { HOSTED_INVOICE_PATH, hostedInvoiceRequest } from "./billing/hosted-invoice";
import { CHALLENGE_PATH } from "./intent-action";
import { challengeRequest } from "./three-d-secure";
import { StripeStore } from "./store";

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

export interface StripeStandInOptions {
  port: number;
  host?: string;
  /** JSON file the data is kept in across restarts; undefined keeps it in memory. */
  dataFile?: string;
  keys?: Partial<StripeKeys>;
  /** The app's webhook endpoint; can also be set later with `setWebhookUrl`. */
  webhookUrl?: string;
  delivery?: Partial<DeliveryOptions>;
  /**
   * Recording mode: called with every answer and every event sent to the
   * webhook (the schema suite validates them). `STRIPE_STAND_IN_RECORD=<file>`
   * appends them to that file as JSON lines instead.
   */
  record?: (entry: RecordedAnswer) => void;
}

export interface RecordedAnswer {
  /** `GET /v1/customers/:id`, or `webhook` for a delivered event. */
  request: string;
  status: number;
  body: unknown;
}

/**
 * Stripe's retry schedule, as given, or compressed by `STRIPE_STAND_IN_DELIVERY_SCALE`
 * (0.001 turns five minutes into 300 ms) for tests that run the whole product.
 */
function deliveryOptions(given: Partial<DeliveryOptions> | undefined): DeliveryOptions {
  const scale = Number(process.env.STRIPE_STAND_IN_DELIVERY_SCALE ?? 1);
  const factor = Number.isFinite(scale) && scale > 0 ? scale : 1;
  const { retryBaseMs, retryCapMs, retryForMs } = STRIPE_DELIVERY;
  return {
    ...STRIPE_DELIVERY,
    retryBaseMs: retryBaseMs * factor,
    retryCapMs: retryCapMs * factor,
    retryForMs: retryForMs * factor,
    ...given,
  };
}

function recorderOf(options: StripeStandInOptions): ((entry: RecordedAnswer) => void) | undefined {
  if (options.record) return options.record;
  const file = process.env.STRIPE_STAND_IN_RECORD;
  if (!file) return undefined;
  return (entry) => appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

export interface StripeStandIn extends StripeKeys {
  url: string;
  store: StripeStore;
  events: EventBus;
  setWebhookUrl: (url: string) => void;
  stop: () => Promise<void>;
}

const token = (prefix: string) => `${prefix}${randomBytes(18).toString("hex")}`;
const MAX_BODY = 1_000_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new StripeApiError(413, { type: "invalid_request_error", message: "The request body is too large." }));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const masked = (key: string) => `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const keys: StripeKeys = {
    secretKey: options.keys?.secretKey ?? token("sk_test_"),
    publishableKey: options.keys?.publishableKey ?? token("pk_test_"),
    webhookSecret: options.keys?.webhookSecret ?? token("whsec_"),
  };
  const store = new StripeStore(options.dataFile);
  const record = recorderOf(options);
  const events = new EventBus(store, keys.webhookSecret, deliveryOptions(options.delivery), record);
  if (options.webhookUrl) events.setWebhookUrl(options.webhookUrl);
  const routes = [...paymentRoutes, ...billingRoutes];
  seedPlanPrices(store);
  const contextOf = (params: Record<string, unknown> | null): Context => ({
    store,
    events,
    params: params ?? {},
    path: {},
    key: "secret",
    request: null,
  });
  /** Time passing on the stand-in's own clock, for customers without a test clock. */
  const advanceClock = (to: number) => {
    advanceTo(contextOf(null), null, to, (t) => {
      store.clockOffset = t - Math.floor(Date.now() / 1000);
      store.changed();
    });
  };

  /** The key of a request: Bearer or Basic auth, or (as Stripe.js sends it) a `key` form field holding the publishable key. */
  function authenticate(req: IncomingMessage, formKey?: unknown): "secret" | "publishable" {
    const header = req.headers.authorization ?? "";
    if (!header && formKey === keys.publishableKey) return "publishable";
    const bearer =
      /^Bearer\s+(\S+)$/i.exec(header)?.[1] ??
      (/^Basic\s+(\S+)$/i.exec(header) ? Buffer.from(header.split(/\s+/)[1], "base64").toString().split(":")[0] : undefined);
    if (!bearer)
      throw unauthorized(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    if (bearer === keys.secretKey) return "secret";
    if (bearer === keys.publishableKey) return "publishable";
    throw unauthorized(`Invalid API Key provided: ${masked(bearer)}`);
  }

  async function handleStripe(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string) {
    const method = req.method ?? "GET";
    const { route, params: path, pathMatched } = matchRoute(routes, method, url.pathname);
    const rawBody = method === "POST" ? await readBody(req) : "";
    const params = method === "POST" ? parseForm(rawBody) : parseForm(url.search.slice(1));
    const key = authenticate(req, params.key);
    delete params.key;
    if (!route)
      throw new StripeApiError(404, {
        type: "invalid_request_error",
        message: pathMatched
          ? `Unrecognized request URL (${method}: ${url.pathname}). This method is not supported by the stand-in.`
          : `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      });
    if (key === "publishable" && !route.publishable)
      throw unauthorized("This API call cannot be made with a publishable API key. Please use a secret API key.");
    checkParams(route.params, params);
    checkExpansions(route.returns, arrayParam(params, "expand"));
    const idempotencyKey = method === "POST" ? (req.headers["idempotency-key"] as string | undefined) : undefined;
    const replayKey = idempotencyKey ? `${key}:${idempotencyKey}` : undefined;
    const fingerprint = `${method} ${url.pathname} ${rawBody}`;
    if (replayKey) {
      const saved = store.idempotency.get(replayKey);
      if (saved) {
        if (saved.fingerprint !== fingerprint)
          throw new StripeApiError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        res.setHeader("idempotent-replayed", "true");
        return { status: saved.status, body: saved.body };
      }
    }
    const ctx: Context = { store, events, params, path: path!, key, request: { id: requestId, idempotency_key: idempotencyKey ?? null } };
    let status = 200;
    let body: unknown;
    try {
      body = await route.handler(ctx);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = error.toJSON();
    }
    // Stripe keeps no result for a request that failed validation, so a corrected retry with the same key runs.
    if (replayKey && (status < 400 || status === 402)) store.rememberAnswer(replayKey, { fingerprint, status, body });
    return { status, body };
  }

  const server = createServer(async (req, res) => {
    const requestId = `req_${randomBytes(7).toString("hex")}`;
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("access-control-expose-headers", "request-id, stripe-version, idempotency-key, idempotent-replayed");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-methods": "GET, POST, DELETE",
        "access-control-allow-headers": "authorization, content-type, stripe-version, idempotency-key, stripe-account",
        "access-control-max-age": "300",
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? "/", "http://stand-in");
    let status = 200;
    let body: unknown;
    try {
      if (url.pathname.startsWith(CHALLENGE_PATH)) {
        // The issuer's 3-D Secure page: opened by the cardholder's browser, so the client secret is its key.
        const page = challengeRequest(contextOf(null), req.method ?? "GET", url, await readBody(req));
        store.flush();
        res.writeHead(page.status, { "content-type": "text/html; charset=utf-8", ...(page.location ? { location: page.location } : {}) });
        res.end(page.html);
        return;
      }
      if (url.pathname.startsWith(HOSTED_INVOICE_PATH)) {
        // Stripe's hosted invoice page: opened by the customer's browser from a receipt, so its secret is in the address.
        const page = hostedInvoiceRequest(store, req.method ?? "GET", url);
        res.writeHead(page.status, { "content-type": "text/html; charset=utf-8" });
        res.end(page.html);
        return;
      }
      if (url.pathname.startsWith("/_stand-in/")) {
        if (authenticate(req) !== "secret") throw unauthorized("The control API needs the secret key.");
        ({ status, body } = await controlApi(
          { store, events, advanceClock, context: () => contextOf(null) },
          req.method ?? "GET",
          url,
          await readBody(req),
        ));
      } else {
        ({ status, body } = await handleStripe(req, res, url, requestId));
      }
    } catch (error) {
      if (error instanceof StripeApiError) {
        status = error.status;
        body = error.toJSON();
      } else {
        console.error("Stripe stand-in:", error);
        status = 500;
        body = { error: { type: "api_error", message: "An unexpected error occurred in the Stripe stand-in." } };
      }
    }
    try {
      // Every change is on disk before the answer says it happened.
      store.flush();
    } catch (error) {
      console.error("Stripe stand-in: could not save:", error);
      status = 500;
      body = { error: { type: "api_error", message: "The Stripe stand-in could not save this change (is the disk full?)." } };
    }
    if (!url.pathname.startsWith("/_stand-in/")) record?.({ request: `${req.method} ${url.pathname}`, status, body });
    res.writeHead(status, {
      "content-type": "application/json",
      "request-id": requestId,
      "stripe-version": (req.headers["stripe-version"] as string) ?? API_VERSION,
      ...(req.headers["idempotency-key"] ? { "idempotency-key": req.headers["idempotency-key"] } : {}),
    });
    res.end(JSON.stringify(body));
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  store.origin = `http://${host}:${port}`;
  return {
    ...keys,
    url: `http://${host}:${port}`,
    store,
    events,
    setWebhookUrl: (url) => events.setWebhookUrl(url),
    stop: async () => {
      events.stop();
      store.save();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
