/**
 * What a request may send, checked before anything runs, as Stripe does: a
 * parameter the endpoint does not take is 400 `parameter_unknown` with its
 * `param`; an `expand[]` path through a field that cannot be expanded (one
 * Stripe removed, such as an invoice's `payment_intent`) is 400 too.
 *
 * Each route lists its parameters in a short notation: `a[b]` nests, `a[]`
 * is an array (`items[][price]`), `name:*` takes any keys (metadata).
 */
import { invalidRequest } from "./errors";
import type { Params } from "./api";

type Spec = { [key: string]: Spec } | "*";

export const LIST_PARAMS = "limit starting_after ending_before";
/** What Stripe.js adds to the calls it makes with the publishable key. */
export const STRIPE_JS_PARAMS = "client_secret muid guid sid _stripe_version payment_user_agent time_on_page referrer";

const parsed = new Map<string, Spec>();

function parse(notation: string): Spec {
  let spec = parsed.get(notation);
  if (spec) return spec;
  const root: { [key: string]: Spec } = { expand: { "[]": {} } };
  for (const token of notation.split(/\s+/).filter(Boolean)) {
    const [path, star] = token.split(":");
    const [head, ...rest] = path.split("[");
    const segments = [head, ...rest.map((s) => (s === "]" ? "[]" : s.replace(/\]$/, "")))];
    let node = root;
    segments.forEach((segment, i) => {
      const last = i === segments.length - 1;
      if (last && star) node[segment] = "*";
      else {
        const next = node[segment];
        if (next === undefined || next === "*") node[segment] = {};
        node = node[segment] as { [key: string]: Spec };
      }
    });
  }
  spec = root;
  parsed.set(notation, spec);
  return spec;
}

const unknown = (param: string) => invalidRequest(`Received unknown parameter: ${param}`, param, "parameter_unknown");

/** Throws Stripe's `parameter_unknown` for the first parameter the notation does not list. */
export function checkParams(notation: string, params: Params) {
  walk(parse(notation), params, "");
}

function walk(spec: Spec, value: unknown, path: string) {
  if (spec === "*" || value === null || typeof value !== "object") return;
  if ("[]" in spec) {
    const items = Array.isArray(value) ? value : Object.values(value);
    items.forEach((item, i) => walk(spec["[]"], item, `${path}[${i}]`));
    return;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const name = path ? `${path}[${key}]` : key;
    const next = spec[key];
    if (next === undefined) throw unknown(name);
    // A leaf given a hash (`email[x]=…`) is left to the handler, which refuses the type.
    if (next !== "*" && Object.keys(next).length === 0) continue;
    walk(next, child, name);
  }
}

/**
 * Fields that `expand[]` can follow, by object type: a path (dots through
 * plain sub-objects) → the type found there. `list:` types take `data.`.
 */
const EXPANDABLE: Record<string, Record<string, string>> = {
  customer: {
    "invoice_settings.default_payment_method": "payment_method",
    test_clock: "test_helpers.test_clock",
  },
  payment_method: { customer: "customer" },
  payment_intent: { customer: "customer", payment_method: "payment_method", latest_charge: "charge" },
  charge: { customer: "customer", payment_intent: "payment_intent" },
  refund: { charge: "charge", payment_intent: "payment_intent" },
  dispute: { charge: "charge", payment_intent: "payment_intent" },
  price: { product: "product" },
  subscription: {
    customer: "customer",
    default_payment_method: "payment_method",
    latest_invoice: "invoice",
    schedule: "subscription_schedule",
    test_clock: "test_helpers.test_clock",
    "items.data.price": "price",
  },
  subscription_schedule: { customer: "customer", subscription: "subscription", test_clock: "test_helpers.test_clock" },
  invoice: {
    customer: "customer",
    default_payment_method: "payment_method",
    test_clock: "test_helpers.test_clock",
    "parent.subscription_details.subscription": "subscription",
    confirmation_secret: "",
    payments: "list:invoice_payment",
  },
  invoice_payment: { invoice: "invoice", "payment.payment_intent": "payment_intent" },
};

/** Throws Stripe's 400 for an `expand[]` path the answer's type cannot follow. */
export function checkExpansions(returns: string | undefined, expand: unknown[]) {
  for (const raw of expand) {
    const path = String(raw);
    let type = returns ?? "";
    const segments = path.split(".");
    if (segments.length > 4) throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, "expand");
    while (segments.length) {
      if (type.startsWith("list:")) {
        if (segments[0] !== "data")
          throw invalidRequest(
            `This property cannot be expanded (${segments[0]}). You may want to try expanding 'data.${segments[0]}' instead.`,
            "expand",
          );
        segments.shift();
        type = type.slice(5);
        continue;
      }
      const fields = EXPANDABLE[type] ?? {};
      const match = Object.keys(fields)
        .filter((key) => segments.slice(0, key.split(".").length).join(".") === key)
        .sort((a, b) => b.length - a.length)[0];
      if (match === undefined) throw invalidRequest(`This property cannot be expanded (${segments[0]}).`, "expand");
      segments.splice(0, match.split(".").length);
      type = fields[match];
    }
  }
}
