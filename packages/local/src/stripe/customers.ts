/** Customers: create, retrieve, update (incl. the default card), list, and the cards saved on one. */
import { type Context, createdFilter, listPage, mergeMetadata, need, render, str } from "./api";
import { invalidRequest } from "./errors";
import type { StripeObject } from "./store";

const previousOf = (object: StripeObject, changes: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(changes).map((k) => [k, object[k] ?? null]));

export function createCustomer(ctx: Context) {
  const { params, store } = ctx;
  const clock = str(params, "test_clock");
  if (clock) need(ctx, "test_helpers.test_clock", clock, "test_clock");
  const paymentMethod = str(params, "payment_method");
  const customer = store.insert({
    id: store.newId("cus_"),
    object: "customer",
    address: null,
    balance: 0,
    created: clock ? store.find("test_helpers.test_clock", clock)!.frozen_time : store.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: str(params, "description") ?? null,
    discount: null,
    email: str(params, "email") ?? null,
    invoice_prefix: store.newId("").slice(0, 8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: mergeMetadata({}, params.metadata),
    name: str(params, "name") ?? null,
    next_invoice_sequence: 1,
    phone: str(params, "phone") ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: clock ?? null,
  });
  ctx.events.emit("customer.created", customer, { request: ctx.request });
  if (paymentMethod) {
    attachPaymentMethod(ctx, paymentMethod, customer.id);
    const defaultPm = params.invoice_settings?.default_payment_method;
    if (defaultPm) customer.invoice_settings.default_payment_method = defaultPm;
  } else if (params.invoice_settings?.default_payment_method) {
    setDefaultPaymentMethod(ctx, customer, params.invoice_settings.default_payment_method);
  }
  return render(ctx, customer);
}

function setDefaultPaymentMethod(ctx: Context, customer: StripeObject, pmId: string) {
  if (pmId === "") {
    customer.invoice_settings.default_payment_method = null;
    return;
  }
  const pm = need(ctx, "payment_method", pmId, "payment_method");
  if (pm.customer !== customer.id)
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
      "invoice_settings[default_payment_method]",
      "resource_missing",
    );
  customer.invoice_settings.default_payment_method = pmId;
}

export function updateCustomer(ctx: Context) {
  const { params } = ctx;
  const customer = need(ctx, "customer", ctx.path.id);
  const before = structuredClone(customer);
  const changes: Record<string, unknown> = {};
  for (const field of ["email", "name", "description", "phone"]) {
    if (params[field] !== undefined) changes[field] = params[field] === "" ? null : str(params, field);
  }
  if (params.metadata !== undefined) changes.metadata = mergeMetadata(customer.metadata, params.metadata);
  ctx.store.update(customer, changes);
  const defaultPm = params.invoice_settings?.default_payment_method;
  if (defaultPm !== undefined) setDefaultPaymentMethod(ctx, customer, String(defaultPm));
  const changed = [...Object.keys(changes), ...(defaultPm !== undefined ? ["invoice_settings"] : [])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(customer[k]),
  );
  if (changed.length) {
    ctx.store.changed();
    ctx.events.emit("customer.updated", customer, {
      previous: previousOf(before, Object.fromEntries(changed.map((k) => [k, 1]))),
      request: ctx.request,
    });
  }
  return render(ctx, customer);
}

export const retrieveCustomer = (ctx: Context) => render(ctx, need(ctx, "customer", ctx.path.id));

export function listCustomers(ctx: Context) {
  const email = str(ctx.params, "email");
  const clock = str(ctx.params, "test_clock");
  const created = createdFilter(ctx.params);
  const items = ctx.store.all("customer", (c) => (!email || c.email === email) && (!clock || c.test_clock === clock) && created(c));
  return listPage(ctx, items, "/v1/customers");
}

export function deleteCustomer(ctx: Context) {
  const customer = need(ctx, "customer", ctx.path.id);
  ctx.store.delete(customer.id);
  ctx.events.emit("customer.deleted", customer, { request: ctx.request });
  return { id: customer.id, object: "customer", deleted: true };
}

/** `GET /v1/customers/:id/payment_methods`: the customer's attached methods, newest first. */
export function listCustomerPaymentMethods(ctx: Context) {
  const customer = need(ctx, "customer", ctx.path.id);
  const type = str(ctx.params, "type");
  const items = ctx.store.all("payment_method", (pm) => pm.customer === customer.id && (!type || pm.type === type));
  return listPage(ctx, items, `/v1/customers/${customer.id}/payment_methods`);
}

/** Attaches a method to a customer (emits `payment_method.attached`); one already on another customer is refused. */
export function attachPaymentMethod(ctx: Context, pmId: string, customerId: string) {
  const pm = need(ctx, "payment_method", pmId, "payment_method");
  need(ctx, "customer", customerId, "customer");
  if (pm.customer === customerId) return pm;
  if (pm.customer)
    throw invalidRequest(
      "The payment method you provided has already been attached to a customer.",
      "payment_method",
      "payment_method_already_attached",
    );
  ctx.store.update(pm, { customer: customerId });
  ctx.events.emit("payment_method.attached", pm, { request: ctx.request });
  return pm;
}
