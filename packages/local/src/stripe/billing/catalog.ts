/**
 * Products and Prices, with `lookup_key` and recurring intervals. At start the
 * stand-in holds one product per plan and a monthly and an annual price per
 * product, keyed by our lookup keys (docs/decisions.md#subscriptions).
 */
import { PLANS, priceLookupKey } from "@storyboard/core/catalog/plans";
import { type Context, arrayParam, bool, int, listPage, mergeMetadata, need, render, str } from "../api";
import { invalidRequest } from "../errors";
import { publicCopy, type StripeObject, type StripeStore } from "../store";

const INTERVALS = ["day", "week", "month", "year"];

function newProduct(store: StripeStore, input: { name: string; metadata?: Record<string, string>; description?: string | null }) {
  const now = store.now();
  return store.insert({
    id: store.newId("prod_"),
    object: "product",
    active: true,
    created: now,
    default_price: null,
    description: input.description ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: input.metadata ?? {},
    name: input.name,
    package_dimensions: null,
    shippable: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: null,
    updated: now,
    url: null,
  });
}

function newPrice(
  store: StripeStore,
  input: {
    product: string;
    unitAmount: number;
    currency: string;
    interval?: string;
    intervalCount?: number;
    lookupKey?: string;
    metadata?: Record<string, string>;
    nickname?: string;
  },
) {
  return store.insert({
    id: store.newId("price_"),
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: store.now(),
    currency: input.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey ?? null,
    metadata: input.metadata ?? {},
    nickname: input.nickname ?? null,
    product: input.product,
    recurring: input.interval
      ? { interval: input.interval, interval_count: input.intervalCount ?? 1, meter: null, trial_period_days: null, usage_type: "licensed" }
      : null,
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: input.interval ? "recurring" : "one_time",
    unit_amount: input.unitAmount,
    unit_amount_decimal: String(input.unitAmount),
  });
}

/** Our plan catalogue as Stripe prices; keys already present (a restarted `npm start`) are left as they are. */
export function seedPlanPrices(store: StripeStore) {
  const existing = new Set(store.all("price").map((p) => p.lookup_key));
  for (const plan of PLANS) {
    const prices = [
      { interval: "month" as const, amount: plan.monthlyPrice },
      { interval: "year" as const, amount: plan.annualPrice },
    ].filter((p) => !existing.has(priceLookupKey(plan.id, p.interval)));
    if (prices.length === 0) continue;
    const product =
      store.all("product", (p) => p.metadata.planId === plan.id)[0] ??
      newProduct(store, { name: `Storyboard ${plan.name}`, metadata: { planId: plan.id } });
    for (const { interval, amount } of prices) {
      const price = newPrice(store, {
        product: product.id,
        unitAmount: amount,
        currency: "usd",
        interval,
        lookupKey: priceLookupKey(plan.id, interval),
      });
      if (interval === "month") store.update(product, { default_price: price.id });
    }
  }
}

export function createProduct(ctx: Context) {
  const product = newProduct(ctx.store, {
    name: str(ctx.params, "name", true),
    description: str(ctx.params, "description"),
    metadata: mergeMetadata({}, ctx.params.metadata),
  });
  ctx.events.emit("product.created", product, { request: ctx.request });
  return render(ctx, product);
}

export const retrieveProduct = (ctx: Context) => render(ctx, need(ctx, "product", ctx.path.id));
export const listProducts = (ctx: Context) => listPage(ctx, ctx.store.all("product"), "/v1/products");

export function createPrice(ctx: Context) {
  const { params } = ctx;
  const product = str(params, "product", true);
  need(ctx, "product", product);
  const interval = params.recurring?.interval as string | undefined;
  if (interval !== undefined && !INTERVALS.includes(interval))
    throw invalidRequest(`Invalid recurring[interval]: ${interval}`, "recurring[interval]");
  const lookupKey = str(params, "lookup_key");
  if (lookupKey) {
    const taken = ctx.store.all("price", (p) => p.lookup_key === lookupKey)[0];
    if (taken && !bool(params, "transfer_lookup_key"))
      throw invalidRequest(`A price (\`${taken.id}\`) already uses that lookup key.`, "lookup_key");
    if (taken) ctx.store.update(taken, { lookup_key: null });
  }
  const price = newPrice(ctx.store, {
    product,
    unitAmount: int(params, "unit_amount", true),
    currency: str(params, "currency", true).toLowerCase(),
    interval,
    intervalCount: params.recurring?.interval_count ? Number(params.recurring.interval_count) : 1,
    lookupKey,
    nickname: str(params, "nickname"),
    metadata: mergeMetadata({}, params.metadata),
  });
  ctx.events.emit("price.created", price, { request: ctx.request });
  return render(ctx, price);
}

export const retrievePrice = (ctx: Context) => render(ctx, need(ctx, "price", ctx.path.id));

/** `GET /v1/prices` with `lookup_keys[]`, `active`, `product`, `type`, `recurring[interval]`. */
export function listPrices(ctx: Context) {
  const keys = arrayParam(ctx.params, "lookup_keys").map(String);
  const active = bool(ctx.params, "active");
  const product = str(ctx.params, "product");
  const type = str(ctx.params, "type");
  const interval = ctx.params.recurring?.interval;
  const matches = (p: StripeObject) =>
    (keys.length === 0 || keys.includes(p.lookup_key)) &&
    (active === undefined || p.active === active) &&
    (!product || p.product === product) &&
    (!type || p.type === type) &&
    (!interval || p.recurring?.interval === interval);
  return listPage(ctx, ctx.store.all("price", matches), "/v1/prices");
}

/** The legacy Plan object Stripe still puts beside a subscription item's price. */
export function legacyPlan(price: StripeObject) {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: String(price.unit_amount),
    billing_scheme: "per_unit",
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval,
    interval_count: price.recurring?.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

export function setItemPrice(item: StripeObject, price: StripeObject, quantity = item.quantity) {
  Object.assign(item, { price: publicCopy(price), plan: legacyPlan(price), quantity });
}
