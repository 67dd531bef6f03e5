/** The billing endpoints of the stand-in (see ../README.md): products, prices, subscriptions, invoices, schedules, test clocks. */
import type { Route } from "../routes";
import * as catalog from "./catalog";
import * as invoices from "./invoice-endpoints";
import { createPreview } from "./preview";
import * as clocks from "./renewals";
import * as schedules from "./schedules";
import * as subscriptions from "./subscriptions";

export const billingRoutes: Route[] = [
  { method: "POST", pattern: "/v1/products", handler: catalog.createProduct },
  { method: "GET", pattern: "/v1/products", handler: catalog.listProducts },
  { method: "GET", pattern: "/v1/products/:id", handler: catalog.retrieveProduct },
  { method: "POST", pattern: "/v1/prices", handler: catalog.createPrice },
  { method: "GET", pattern: "/v1/prices", handler: catalog.listPrices },
  { method: "GET", pattern: "/v1/prices/:id", handler: catalog.retrievePrice },

  { method: "POST", pattern: "/v1/subscriptions", handler: subscriptions.createSubscription },
  { method: "GET", pattern: "/v1/subscriptions", handler: subscriptions.listSubscriptions },
  { method: "GET", pattern: "/v1/subscriptions/:id", handler: subscriptions.retrieveSubscription },
  { method: "POST", pattern: "/v1/subscriptions/:id", handler: subscriptions.updateSubscription },
  { method: "DELETE", pattern: "/v1/subscriptions/:id", handler: subscriptions.cancelSubscription },

  { method: "POST", pattern: "/v1/invoices/create_preview", handler: createPreview },
  { method: "GET", pattern: "/v1/invoices", handler: invoices.listInvoices },
  { method: "GET", pattern: "/v1/invoices/:id", handler: invoices.retrieveInvoice },
  { method: "GET", pattern: "/v1/invoices/:id/lines", handler: invoices.listInvoiceLines },
  { method: "POST", pattern: "/v1/invoices/:id/pay", handler: invoices.payInvoice },
  { method: "GET", pattern: "/v1/invoice_payments", handler: invoices.listInvoicePayments },
  { method: "GET", pattern: "/v1/invoice_payments/:id", handler: invoices.retrieveInvoicePayment },

  { method: "POST", pattern: "/v1/subscription_schedules", handler: schedules.createSchedule },
  { method: "GET", pattern: "/v1/subscription_schedules", handler: schedules.listSchedules },
  { method: "GET", pattern: "/v1/subscription_schedules/:id", handler: schedules.retrieveSchedule },
  { method: "POST", pattern: "/v1/subscription_schedules/:id", handler: schedules.updateSchedule },
  { method: "POST", pattern: "/v1/subscription_schedules/:id/release", handler: (ctx) => schedules.releaseSchedule(ctx) },
  { method: "POST", pattern: "/v1/subscription_schedules/:id/cancel", handler: schedules.cancelSchedule },

  { method: "POST", pattern: "/v1/test_helpers/test_clocks", handler: clocks.createTestClock },
  { method: "GET", pattern: "/v1/test_helpers/test_clocks", handler: clocks.listTestClocks },
  { method: "GET", pattern: "/v1/test_helpers/test_clocks/:id", handler: clocks.retrieveTestClock },
  { method: "DELETE", pattern: "/v1/test_helpers/test_clocks/:id", handler: clocks.deleteTestClock },
  { method: "POST", pattern: "/v1/test_helpers/test_clocks/:id/advance", handler: clocks.advanceTestClock },
];
