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
  { method: "POST", path: "/api/unsubscribe", handler: "api/unsubscribe/post", auth: "public" },
  { method: "GET", path: "/api/subscriptions", handler: "api/billing/plans", auth: "public" },
  { method: "POST", path: "/api/stripe/webhook", handler: "api/billing/stripe-webhook", auth: "public" },

  // Accounts and sessions
  { method: "POST", path: "/api/auth/send-confirmation", handler: "api/auth/send-confirmation", auth: "public" },
  { method: "POST", path: "/api/register", handler: "api/auth/register", auth: "public" },
  { method: "POST", path: "/api/login", handler: "api/auth/login", auth: "public" },
  { method: "POST", path: "/api/logout", handler: "api/auth/logout", auth: "public" },
  { method: "POST", path: "/api/auth/send-password-reset", handler: "api/auth/send-password-reset", auth: "public" },
  { method: "POST", path: "/api/auth/reset-password", handler: "api/auth/reset-password", auth: "public" },
  { method: "POST", path: "/api/auth/token-exchange", handler: "api/auth/token-exchange", auth: "public" },

  // The signed-in user
  // Public: signed out answers 200 null, so a visitor's browser logs no failed request (docs/decisions.md#web).
  { method: "GET", path: "/api/user", handler: "api/user/get", auth: "public" },
  { method: "GET", path: "/api/user/settings", handler: "api/user/settings-get", auth: "user" },
  { method: "PUT", path: "/api/user/settings", handler: "api/user/settings-put", auth: "user" },
  { method: "POST", path: "/api/user/email-change/code", handler: "api/user/email-change-request", auth: "user" },
  { method: "POST", path: "/api/user/email-change", handler: "api/user/email-change-confirm", auth: "user" },
  { method: "GET", path: "/api/user/referral-code", handler: "api/user/referral-code", auth: "user" },
  { method: "GET", path: "/api/user/points", handler: "api/user/points", auth: "user" },

  // Points
  { method: "GET", path: "/api/points/balance", handler: "api/points/balance", auth: "user" },
  { method: "GET", path: "/api/points/ledger", handler: "api/points/ledger", auth: "user" },

  // Payments (docs/product.md#payments)
  { method: "POST", path: "/api/create-payment-intent-v2", handler: "api/billing/create-points-intent", auth: "user" },
  { method: "POST", path: "/api/create-payment-intent", handler: "api/billing/create-render-intent", auth: "user" },
  { method: "POST", path: "/api/purchase-render", handler: "api/billing/purchase-render", auth: "user", timeout: 30 },
  { method: "GET", path: "/api/payments", handler: "api/billing/payments", auth: "user" },
  { method: "GET", path: "/api/payment-methods", handler: "api/billing/payment-methods", auth: "user" },

  // Subscriptions (docs/product.md#subscriptions)
  { method: "GET", path: "/api/user/subscription", handler: "api/subscription/get", auth: "user" },
  { method: "POST", path: "/api/userSubscription", handler: "api/subscription/create", auth: "user", timeout: 30 },
  { method: "POST", path: "/api/userSubscription/estimate", handler: "api/subscription/estimate", auth: "user", timeout: 30 },
  { method: "PUT", path: "/api/userSubscription", handler: "api/subscription/change", auth: "user", timeout: 30 },
  { method: "DELETE", path: "/api/userSubscription", handler: "api/subscription/cancel", auth: "user", timeout: 30 },

  // Screenplays
  { method: "GET", path: "/api/screenplays", handler: "api/screenplay/list", auth: "user" },
  { method: "POST", path: "/api/screenplays", handler: "api/screenplay/create", auth: "user", timeout: 30, memory: 1024 },
  { method: "GET", path: "/api/screenplays/{id}", handler: "api/screenplay/get", auth: "user" },
  { method: "DELETE", path: "/api/screenplays/{id}", handler: "api/screenplay/delete", auth: "user" },
  { method: "GET", path: "/api/screenplays/{id}/file", handler: "api/screenplay/file", auth: "user" },
  { method: "GET", path: "/api/screenplays/{id}/renders", handler: "api/screenplay/renders", auth: "user" },
  { method: "POST", path: "/api/screenplays/{id}/characters", handler: "api/screenplay/add-character", auth: "user" },
  { method: "DELETE", path: "/api/screenplays/{id}/characters/{characterName}", handler: "api/screenplay/remove-character", auth: "user" },

  // Renders
  { method: "GET", path: "/api/renders", handler: "api/render/list", auth: "user" },
  { method: "POST", path: "/api/renders", handler: "api/render/create", auth: "user", timeout: 30 },
  { method: "GET", path: "/api/renders/{id}", handler: "api/render/get", auth: "user" },
  { method: "GET", path: "/api/renders/mediaCompletion/{id}", handler: "api/render/media-completion", auth: "user" },
  { method: "PUT", path: "/api/renders/{id}/descriptions", handler: "api/render/update-descriptions", auth: "user", timeout: 60 },
  { method: "PUT", path: "/api/renders/status", handler: "api/render/update-status", auth: "user" },
  { method: "POST", path: "/api/renders/blocks/image", handler: "api/render/generate-image", auth: "user", timeout: 29, memory: 1024 },
  { method: "POST", path: "/api/renders/save-image-order", handler: "api/render/save-image-order", auth: "user" },
  { method: "POST", path: "/api/renders/re-render", handler: "api/render/re-render", auth: "user" },
  { method: "GET", path: "/api/voices", handler: "api/voice/list", auth: "user" },
  { method: "GET", path: "/api/voices/{id}/preview", handler: "api/voice/preview", auth: "public", memory: 512 },
  { method: "POST", path: "/api/admin/retry-failed-audio", handler: "api/admin/retry-failed-audio", auth: "admin" },
  { method: "GET", path: "/api/admin/flagged-accounts", handler: "api/billing/flagged-accounts", auth: "admin" },

  // Media files: a short-lived signed address for those who may read them (docs/decisions.md#private-media)
  { method: "GET", path: "/api/media/{key+}", handler: "api/media/get", auth: "public" },

  // Showcase (docs/product.md#showcase)
  { method: "GET", path: "/api/showcase/search", handler: "api/showcase/search", auth: "public" },
  { method: "GET", path: "/api/showcase/single/{id}", handler: "api/showcase/single", auth: "public" },
  { method: "GET", path: "/api/showcase/by-user/{userId}", handler: "api/showcase/by-user", auth: "public" },
  { method: "GET", path: "/api/showcase/by-render/{id}", handler: "api/showcase/by-render", auth: "user" },
  { method: "POST", path: "/api/showcase/promote", handler: "api/showcase/promote", auth: "user" },
  { method: "PUT", path: "/api/showcase/{id}", handler: "api/showcase/edit", auth: "user" },
  { method: "POST", path: "/api/showcase/{id}/report", handler: "api/showcase/report", auth: "user" },
  { method: "GET", path: "/api/share/showcase/{id}", handler: "api/showcase/share-page", auth: "public" },
  { method: "GET", path: "/api/featured-showcase", handler: "api/showcase/featured-list", auth: "public" },
  { method: "POST", path: "/api/featured-showcase", handler: "api/showcase/featured-add", auth: "admin" },
  { method: "DELETE", path: "/api/featured-showcase/{id}", handler: "api/showcase/featured-remove", auth: "admin" },
  { method: "POST", path: "/api/contact-requests", handler: "api/showcase/contact", auth: "user" },
  { method: "GET", path: "/api/admin/showcase-reports", handler: "api/showcase/reports-list", auth: "admin" },
  { method: "POST", path: "/api/admin/showcase-reports/{id}/{action}", handler: "api/showcase/report-resolve", auth: "admin" },
];

/** Answers every /api path that no row matches (API Gateway's `$default` route). */
export const NOT_FOUND_ROUTE = { routeKey: "$default", handler: "api/not-found", auth: "public" as AuthLevel };

export const routeKey = (r: Pick<Route, "method" | "path">) => `${r.method} ${r.path}`;
