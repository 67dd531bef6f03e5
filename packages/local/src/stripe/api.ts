/**
 * What every resource handler of the stand-in shares: the request context,
 * reading Stripe's form-encoded parameters (all strings on the wire), list
 * pages and `expand[]`.
 */
import qs from "qs";
import { invalidRequest, missingParam, resourceMissing } from "./errors";
import type { EventBus, RequestInfo } from "./events";
import { publicCopy, type StripeObject, StripeStore } from "./store";

export type Params = Record<string, any>;

/** Stripe's bracket syntax (`metadata[kind]=…`, `items[0][price]=…`, `expand[]=…`). */
export const parseForm = (text: string): Params => qs.parse(text, { depth: 10, arrayLimit: 1000, parameterLimit: 10_000 });

export interface Context {
  store: StripeStore;
  events: EventBus;
  params: Params;
  /** Path parameters (`:id`). */
  path: Record<string, string>;
  /** "secret" for `sk_` calls, "publishable" for Stripe.js calls with the `pk_` key. */
  key: "secret" | "publishable";
  /** The API request behind a change; null when time passing made it (a renewal). */
  request: RequestInfo | null;
}

export type Handler = (ctx: Context) => unknown;

export function str(params: Params, name: string, required: true): string;
export function str(params: Params, name: string, required?: boolean): string | undefined;
export function str(params: Params, name: string, required = false): string | undefined {
  const value = params[name];
  if (value === undefined || value === "") {
    if (required) throw missingParam(name);
    return undefined;
  }
  if (typeof value !== "string") throw invalidRequest(`Invalid string: ${name}`, name);
  return value;
}

export function int(params: Params, name: string, required: true): number;
export function int(params: Params, name: string, required?: boolean): number | undefined;
export function int(params: Params, name: string, required = false): number | undefined {
  const value = str(params, name, required);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, name);
  return Number(value);
}

export function bool(params: Params, name: string): boolean | undefined {
  const value = str(params, name);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalidRequest(`Invalid boolean: ${value}`, name);
  return value === "true";
}

/** Stripe's metadata update: keys merge, an empty value removes its key, `metadata=` clears all. */
export function mergeMetadata(current: Record<string, string> | null | undefined, update: unknown): Record<string, string> {
  if (update === undefined) return { ...current };
  if (update === "") return {};
  if (typeof update !== "object" || update === null || Array.isArray(update)) throw invalidRequest("Invalid hash", "metadata");
  const merged: Record<string, string> = { ...current };
  for (const [key, value] of Object.entries(update as Record<string, unknown>)) {
    if (value === "") delete merged[key];
    else merged[key] = String(value);
  }
  return merged;
}

/** Stripe sends arrays as `name[0]=…` (SDK) or `name[]=…` (forms); qs makes either an array or an object. */
export function arrayParam(params: Params, name: string): any[] {
  const value = params[name];
  if (value === undefined || value === "") return [];
  if (Array.isArray(value)) return value;
  if (typeof value === "object") return Object.values(value);
  return [value];
}

/** A stored object of the type, or Stripe's 404. */
export function need(ctx: Context, type: string, id: string, param = type): StripeObject {
  const object = ctx.store.find(type, id);
  if (!object) throw resourceMissing(param, id);
  return object;
}

/** Fields Stripe leaves out unless expanded (an invoice's `confirmation_secret`, `payments`), by object type. */
export const includables: Record<string, Record<string, (store: StripeStore, object: StripeObject) => unknown>> = {};

/** The wire form of an object with `expand[]` applied (dotted paths; `data.` for list items). */
export function render(ctx: Context, object: StripeObject, expand = arrayParam(ctx.params, "expand")): StripeObject {
  const copy = publicCopy(object);
  for (const path of expand) expandPath(ctx.store, copy, String(path).split("."));
  return copy;
}

function expandPath(store: StripeStore, target: any, path: string[]) {
  if (!target || typeof target !== "object" || path.length === 0) return;
  const [head, ...rest] = path;
  if (Array.isArray(target)) {
    for (const item of target) expandPath(store, item, path);
    return;
  }
  let value = target[head];
  if (typeof value === "string" && StripeStore.typeOfId(value)) {
    const found = store.get(value);
    if (found) value = target[head] = publicCopy(found);
  } else if (value === undefined && includables[target.object]?.[head]) {
    const stored = store.get(target.id);
    if (stored) value = target[head] = includables[target.object][head](store, stored);
  }
  expandPath(store, value, rest);
}

/** A Stripe list page: newest first, `limit` (1–100, default 10), `starting_after` / `ending_before`. */
export function listPage(ctx: Context, items: StripeObject[], url: string) {
  const limit = int(ctx.params, "limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest("This value must be between 1 and 100.", "limit");
  let start = 0;
  const after = str(ctx.params, "starting_after");
  const before = str(ctx.params, "ending_before");
  if (after) {
    const index = items.findIndex((o) => o.id === after);
    if (index < 0) throw resourceMissing("object", after);
    start = index + 1;
  }
  let page = items.slice(start, start + limit);
  if (before) {
    const index = items.findIndex((o) => o.id === before);
    if (index < 0) throw resourceMissing("object", before);
    page = items.slice(Math.max(0, index - limit), index);
  }
  const expand = arrayParam(ctx.params, "expand")
    .map(String)
    .filter((p) => p.startsWith("data."))
    .map((p) => p.slice(5));
  const hasMore = before ? items.indexOf(page[0]) > 0 : start + limit < items.length;
  return { object: "list", data: page.map((o) => render(ctx, o, expand)), has_more: hasMore, url };
}

/** `created` filters on lists: `created[gte]=…` etc., or an exact value. */
export function createdFilter(params: Params): (o: StripeObject) => boolean {
  const created = params.created;
  if (created === undefined) return () => true;
  if (typeof created === "string") return (o) => o.created === Number(created);
  const bounds = created as Record<string, string>;
  return (o) =>
    (bounds.gt === undefined || o.created > Number(bounds.gt)) &&
    (bounds.gte === undefined || o.created >= Number(bounds.gte)) &&
    (bounds.lt === undefined || o.created < Number(bounds.lt)) &&
    (bounds.lte === undefined || o.created <= Number(bounds.lte));
}
