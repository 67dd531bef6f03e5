/** The billing endpoints of the stand-in (see ../README.md): products, prices, subscriptions, invoices, schedules, test clocks. */
import { LIST_PARAMS } from "../params";
import type { Route } from "../routes";
import * as catalog from "./catalog";
import * as invoices from "./invoice-endpoints";
import { createPreview } from "./preview";
import * as clocks from "./renewals";
import * as schedules from "./schedules";
import * as subscriptions from "./subscriptions";

const ITEM = "items[][price] items[][quantity] items[][metadata]:*";
const SUBSCRIPTION_UPDATE =
  "items[][id] items[][price] items[][quantity] proration_behavior proration_date billing_cycle_anchor payment_behavior cancel_at_period_end default_payment_method metadata:*";
const PHASE = [
  "phases[][items][][price] phases[][items][][quantity] phases[][start_date] phases[][end_date]",
  "phases[][duration][interval] phases[][duration][interval_count] phases[][iterations] phases[][proration_behavior]",
].join(" ");

export const billingRoutes: Route[] = [
  { method: "POST", pattern: "/v1/products", handler: catalog.createProduct, params: "name description metadata:*", returns: "product" },
  { method: "GET", pattern: "/v1/products", handler: catalog.listProducts, params: `active ${LIST_PARAMS}`, returns: "list:product" },
  { method: "GET", pattern: "/v1/products/:id", handler: catalog.retrieveProduct, params: "", returns: "product" },
  {
    method: "POST",
    pattern: "/v1/prices",
    handler: catalog.createPrice,
    params: "product unit_amount currency recurring[interval] recurring[interval_count] lookup_key transfer_lookup_key nickname metadata:*",
    returns: "price",
  },
  {
    method: "GET",
    pattern: "/v1/prices",
    handler: catalog.listPrices,
    params: `lookup_keys[] active product type recurring[interval] ${LIST_PARAMS}`,
    returns: "list:price",
  },
  { method: "GET", pattern: "/v1/prices/:id", handler: catalog.retrievePrice, params: "", returns: "price" },

  {
    method: "POST",
    pattern: "/v1/subscriptions",
    handler: subscriptions.createSubscription,
    params: `customer ${ITEM} payment_behavior default_payment_method payment_settings[save_default_payment_method] payment_settings[payment_method_types][] metadata:* cancel_at_period_end description`,
    returns: "subscription",
  },
  {
    method: "GET",
    pattern: "/v1/subscriptions",
    handler: subscriptions.listSubscriptions,
    params: `customer status price test_clock created:* ${LIST_PARAMS}`,
    returns: "list:subscription",
  },
  { method: "GET", pattern: "/v1/subscriptions/:id", handler: subscriptions.retrieveSubscription, params: "", returns: "subscription" },
  {
    method: "POST",
    pattern: "/v1/subscriptions/:id",
    handler: subscriptions.updateSubscription,
    params: SUBSCRIPTION_UPDATE,
    returns: "subscription",
  },
  { method: "DELETE", pattern: "/v1/subscriptions/:id", handler: subscriptions.cancelSubscription, params: "", returns: "subscription" },

  {
    method: "POST",
    pattern: "/v1/invoices/create_preview",
    handler: createPreview,
    params:
      "customer subscription subscription_details[items][][id] subscription_details[items][][price] subscription_details[items][][quantity] subscription_details[proration_behavior] subscription_details[proration_date] subscription_details[billing_cycle_anchor]",
    returns: "invoice",
  },
  {
    method: "GET",
    pattern: "/v1/invoices",
    handler: invoices.listInvoices,
    params: `customer subscription status created:* ${LIST_PARAMS}`,
    returns: "list:invoice",
  },
  { method: "GET", pattern: "/v1/invoices/:id", handler: invoices.retrieveInvoice, params: "", returns: "invoice" },
  { method: "GET", pattern: "/v1/invoices/:id/lines", handler: invoices.listInvoiceLines, params: LIST_PARAMS, returns: "list:line_item" },
  {
    method: "POST",
    pattern: "/v1/invoices/:id/pay",
    handler: invoices.payInvoice,
    params: "payment_method off_session",
    returns: "invoice",
  },
  {
    method: "GET",
    pattern: "/v1/invoice_payments",
    handler: invoices.listInvoicePayments,
    params: `invoice payment[type] payment[payment_intent] ${LIST_PARAMS}`,
    returns: "list:invoice_payment",
  },
  { method: "GET", pattern: "/v1/invoice_payments/:id", handler: invoices.retrieveInvoicePayment, params: "", returns: "invoice_payment" },

  {
    method: "POST",
    pattern: "/v1/subscription_schedules",
    handler: schedules.createSchedule,
    params: "from_subscription metadata:*",
    returns: "subscription_schedule",
  },
  {
    method: "GET",
    pattern: "/v1/subscription_schedules",
    handler: schedules.listSchedules,
    params: `customer ${LIST_PARAMS}`,
    returns: "list:subscription_schedule",
  },
  {
    method: "GET",
    pattern: "/v1/subscription_schedules/:id",
    handler: schedules.retrieveSchedule,
    params: "",
    returns: "subscription_schedule",
  },
  {
    method: "POST",
    pattern: "/v1/subscription_schedules/:id",
    handler: schedules.updateSchedule,
    params: `${PHASE} end_behavior proration_behavior metadata:*`,
    returns: "subscription_schedule",
  },
  {
    method: "POST",
    pattern: "/v1/subscription_schedules/:id/release",
    handler: (ctx) => schedules.releaseSchedule(ctx),
    params: "",
    returns: "subscription_schedule",
  },
  {
    method: "POST",
    pattern: "/v1/subscription_schedules/:id/cancel",
    handler: schedules.cancelSchedule,
    params: "",
    returns: "subscription_schedule",
  },

  {
    method: "POST",
    pattern: "/v1/test_helpers/test_clocks",
    handler: clocks.createTestClock,
    params: "frozen_time name",
    returns: "test_helpers.test_clock",
  },
  {
    method: "GET",
    pattern: "/v1/test_helpers/test_clocks",
    handler: clocks.listTestClocks,
    params: LIST_PARAMS,
    returns: "list:test_helpers.test_clock",
  },
  {
    method: "GET",
    pattern: "/v1/test_helpers/test_clocks/:id",
    handler: clocks.retrieveTestClock,
    params: "",
    returns: "test_helpers.test_clock",
  },
  { method: "DELETE", pattern: "/v1/test_helpers/test_clocks/:id", handler: clocks.deleteTestClock, params: "" },
  {
    method: "POST",
    pattern: "/v1/test_helpers/test_clocks/:id/advance",
    handler: clocks.advanceTestClock,
    params: "frozen_time",
    returns: "test_helpers.test_clock",
  },
];
