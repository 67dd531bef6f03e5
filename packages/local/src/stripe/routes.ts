/**
 * The Stripe REST endpoints the stand-in answers (see README.md beside this
 * file). `publishable: true` marks the calls Stripe.js makes with the
 * publishable key; every other call needs the secret key.
 */
import type { Handler } from "./api";
import * as customers from "./customers";
import * as disputes from "./disputes";
import * as intents from "./payment-intents";
import * as methods from "./payment-methods";
import * as refunds from "./refunds";

export interface Route {
  method: "GET" | "POST" | "DELETE";
  pattern: string;
  handler: Handler;
  publishable?: boolean;
}

export const paymentRoutes: Route[] = [
  { method: "POST", pattern: "/v1/customers", handler: customers.createCustomer },
  { method: "GET", pattern: "/v1/customers", handler: customers.listCustomers },
  { method: "GET", pattern: "/v1/customers/:id", handler: customers.retrieveCustomer },
  { method: "POST", pattern: "/v1/customers/:id", handler: customers.updateCustomer },
  { method: "DELETE", pattern: "/v1/customers/:id", handler: customers.deleteCustomer },
  { method: "GET", pattern: "/v1/customers/:id/payment_methods", handler: customers.listCustomerPaymentMethods },

  { method: "POST", pattern: "/v1/payment_methods", handler: methods.createPaymentMethod, publishable: true },
  { method: "GET", pattern: "/v1/payment_methods", handler: methods.listPaymentMethods },
  { method: "GET", pattern: "/v1/payment_methods/:id", handler: methods.retrievePaymentMethod },
  { method: "POST", pattern: "/v1/payment_methods/:id/attach", handler: methods.attach },
  { method: "POST", pattern: "/v1/payment_methods/:id/detach", handler: methods.detach },

  { method: "POST", pattern: "/v1/payment_intents", handler: intents.createPaymentIntent },
  { method: "GET", pattern: "/v1/payment_intents", handler: intents.listPaymentIntents },
  { method: "GET", pattern: "/v1/payment_intents/:id", handler: intents.retrievePaymentIntent, publishable: true },
  { method: "POST", pattern: "/v1/payment_intents/:id", handler: intents.updatePaymentIntent },
  { method: "POST", pattern: "/v1/payment_intents/:id/confirm", handler: intents.confirmPaymentIntent, publishable: true },
  { method: "POST", pattern: "/v1/payment_intents/:id/cancel", handler: intents.cancelPaymentIntent },

  { method: "GET", pattern: "/v1/charges", handler: refunds.listCharges },
  { method: "GET", pattern: "/v1/charges/:id", handler: refunds.retrieveCharge },

  { method: "POST", pattern: "/v1/refunds", handler: refunds.createRefund },
  { method: "GET", pattern: "/v1/refunds", handler: refunds.listRefunds },
  { method: "GET", pattern: "/v1/refunds/:id", handler: refunds.retrieveRefund },

  { method: "GET", pattern: "/v1/disputes", handler: disputes.listDisputes },
  { method: "GET", pattern: "/v1/disputes/:id", handler: disputes.retrieveDispute },
  { method: "POST", pattern: "/v1/disputes/:id", handler: disputes.updateDispute },
  { method: "POST", pattern: "/v1/disputes/:id/close", handler: disputes.acceptDispute },

  { method: "GET", pattern: "/v1/events", handler: refunds.listEvents },
  { method: "GET", pattern: "/v1/events/:id", handler: refunds.retrieveEvent },
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
