/**
 * The Stripe REST endpoints the stand-in answers (see README.md beside this
 * file). `publishable: true` marks the calls Stripe.js makes with the
 * publishable key; every other call needs the secret key.
 */
import type { Handler } from "./api";
import * as customers from "./customers";
import * as disputes from "./disputes";
import * as intents from "./payment-intents";
import { LIST_PARAMS, STRIPE_JS_PARAMS } from "./params";
import * as methods from "./payment-methods";
import * as refunds from "./refunds";

export interface Route {
  method: "GET" | "POST" | "DELETE";
  pattern: string;
  handler: Handler;
  publishable?: boolean;
  /** The parameters it takes (params.ts notation); any other is 400 `parameter_unknown`. */
  params: string;
  /** The object type it answers (`list:price` for lists), which says what `expand[]` may follow. */
  returns?: string;
}

const BILLING_DETAILS = "billing_details[name] billing_details[email] billing_details[phone] billing_details[address]:*";
const CARD = "card[number] card[exp_month] card[exp_year] card[cvc] card[token]";
const PM_DATA = `type ${CARD} ${BILLING_DETAILS} metadata:* allow_redisplay ${STRIPE_JS_PARAMS}`;
/** The same parameters one level down: `type` → `payment_method_data[type]`. */
const nested = (prefix: string, notation: string) =>
  notation
    .split(" ")
    .map((token) => {
      const [path, star] = token.split(":");
      const [head, ...rest] = path.split("[");
      return `${prefix}[${head}]${rest.length ? `[${rest.join("[")}` : ""}${star ? `:${star}` : ""}`;
    })
    .join(" ");
const CUSTOMER_FIELDS = "email name description phone metadata:* invoice_settings[default_payment_method]";
const INTENT_FIELDS = "amount description metadata:* setup_future_usage payment_method";

export const paymentRoutes: Route[] = [
  {
    method: "POST",
    pattern: "/v1/customers",
    handler: customers.createCustomer,
    params: `${CUSTOMER_FIELDS} test_clock payment_method`,
    returns: "customer",
  },
  {
    method: "GET",
    pattern: "/v1/customers",
    handler: customers.listCustomers,
    params: `email test_clock created:* ${LIST_PARAMS}`,
    returns: "list:customer",
  },
  { method: "GET", pattern: "/v1/customers/:id", handler: customers.retrieveCustomer, params: "", returns: "customer" },
  { method: "POST", pattern: "/v1/customers/:id", handler: customers.updateCustomer, params: CUSTOMER_FIELDS, returns: "customer" },
  { method: "DELETE", pattern: "/v1/customers/:id", handler: customers.deleteCustomer, params: "" },
  {
    method: "GET",
    pattern: "/v1/customers/:id/payment_methods",
    handler: customers.listCustomerPaymentMethods,
    params: `type ${LIST_PARAMS}`,
    returns: "list:payment_method",
  },

  {
    method: "POST",
    pattern: "/v1/payment_methods",
    handler: methods.createPaymentMethod,
    publishable: true,
    params: PM_DATA,
    returns: "payment_method",
  },
  {
    method: "GET",
    pattern: "/v1/payment_methods",
    handler: methods.listPaymentMethods,
    params: `customer type ${LIST_PARAMS}`,
    returns: "list:payment_method",
  },
  { method: "GET", pattern: "/v1/payment_methods/:id", handler: methods.retrievePaymentMethod, params: "", returns: "payment_method" },
  { method: "POST", pattern: "/v1/payment_methods/:id/attach", handler: methods.attach, params: "customer", returns: "payment_method" },
  { method: "POST", pattern: "/v1/payment_methods/:id/detach", handler: methods.detach, params: "", returns: "payment_method" },

  {
    method: "POST",
    pattern: "/v1/payment_intents",
    handler: intents.createPaymentIntent,
    params: `${INTENT_FIELDS} currency customer automatic_payment_methods[enabled] automatic_payment_methods[allow_redirects] allowed_payment_method_types[] payment_method_types[] confirm off_session return_url`,
    returns: "payment_intent",
  },
  {
    method: "GET",
    pattern: "/v1/payment_intents",
    handler: intents.listPaymentIntents,
    params: `customer created:* ${LIST_PARAMS}`,
    returns: "list:payment_intent",
  },
  {
    method: "GET",
    pattern: "/v1/payment_intents/:id",
    handler: intents.retrievePaymentIntent,
    publishable: true,
    params: STRIPE_JS_PARAMS,
    returns: "payment_intent",
  },
  {
    method: "POST",
    pattern: "/v1/payment_intents/:id",
    handler: intents.updatePaymentIntent,
    params: INTENT_FIELDS,
    returns: "payment_intent",
  },
  {
    method: "POST",
    pattern: "/v1/payment_intents/:id/confirm",
    handler: intents.confirmPaymentIntent,
    publishable: true,
    params: `payment_method ${nested("payment_method_data", PM_DATA)} setup_future_usage return_url off_session use_stripe_sdk expected_payment_method_type ${STRIPE_JS_PARAMS}`,
    returns: "payment_intent",
  },
  {
    method: "POST",
    pattern: "/v1/payment_intents/:id/cancel",
    handler: intents.cancelPaymentIntent,
    params: "cancellation_reason",
    returns: "payment_intent",
  },

  {
    method: "GET",
    pattern: "/v1/charges",
    handler: refunds.listCharges,
    params: `customer payment_intent created:* ${LIST_PARAMS}`,
    returns: "list:charge",
  },
  { method: "GET", pattern: "/v1/charges/:id", handler: refunds.retrieveCharge, params: "", returns: "charge" },

  {
    method: "POST",
    pattern: "/v1/refunds",
    handler: refunds.createRefund,
    params: "charge payment_intent amount reason metadata:*",
    returns: "refund",
  },
  {
    method: "GET",
    pattern: "/v1/refunds",
    handler: refunds.listRefunds,
    params: `charge payment_intent created:* ${LIST_PARAMS}`,
    returns: "list:refund",
  },
  { method: "GET", pattern: "/v1/refunds/:id", handler: refunds.retrieveRefund, params: "", returns: "refund" },

  {
    method: "GET",
    pattern: "/v1/disputes",
    handler: disputes.listDisputes,
    params: `charge payment_intent created:* ${LIST_PARAMS}`,
    returns: "list:dispute",
  },
  { method: "GET", pattern: "/v1/disputes/:id", handler: disputes.retrieveDispute, params: "", returns: "dispute" },
  {
    method: "POST",
    pattern: "/v1/disputes/:id",
    handler: disputes.updateDispute,
    params: "evidence:* metadata:* submit",
    returns: "dispute",
  },
  { method: "POST", pattern: "/v1/disputes/:id/close", handler: disputes.acceptDispute, params: "", returns: "dispute" },

  {
    method: "GET",
    pattern: "/v1/events",
    handler: refunds.listEvents,
    params: `type types[] created:* ${LIST_PARAMS}`,
    returns: "list:event",
  },
  { method: "GET", pattern: "/v1/events/:id", handler: refunds.retrieveEvent, params: "", returns: "event" },
];

/** Matches a path against the table; `:name` segments become path parameters. */
export function matchRoute(routes: Route[], method: string, pathname: string) {
  const parts = pathname.split("/").filter(Boolean);
  let pathMatched = false;
  for (const route of routes) {
    const pattern = route.pattern.split("/").filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((segment, i) => {
      if (segment.startsWith(":")) {
        params[segment.slice(1)] = decodeURIComponent(parts[i]);
        return true;
      }
      return segment === parts[i];
    });
    if (!ok) continue;
    pathMatched = true;
    if (route.method === method) return { route, params };
  }
  return { route: undefined, pathMatched };
}
