/**
 * The one route table. `stacks/api.ts` makes an API Gateway route and a Lambda
 * of each row; the local server (`packages/local`) dispatches to the same
 * handler modules. `handler` is the module under `packages/functions/src`
 * (without extension) whose export `handler` answers the route.
 */
export type AuthLevel = "public" | "user" | "admin";
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface Route {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/screenplays/{id}`. */
  path: string;
  handler: string;
  auth: AuthLevel;
  /** Seconds; the default suits a quick JSON call. */
  timeout?: number;
  /** MB; media work wants more. */
  memory?: number;
}

export const routes: Route[] = [
  { method: "GET", path: "/api/env", handler: "api/env/get", auth: "public" },
  { method: "GET", path: "/api/faqs", handler: "api/faq/list", auth: "public" },
];

/** Answers every /api path that no row matches (API Gateway's `$default` route). */
export const NOT_FOUND_ROUTE = { routeKey: "$default", handler: "api/not-found", auth: "public" as AuthLevel };

export const routeKey = (r: Pick<Route, "method" | "path">) => `${r.method} ${r.path}`;
