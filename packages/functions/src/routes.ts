/**
 * The one route table. `stacks/api.ts` makes an API Gateway route and a Lambda
 * of each row; the local server (`packages/local`) dispatches to the same
 * handler modules. `handler` is the module under `packages/functions/src`
 * (without extension) whose export `handler` answers the route.
 */
export type AuthLevel = "public" | "user" | "admin";
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * What a route's function may touch on AWS: each group has its own IAM role (stacks/api.ts).
 * - public: anonymous reads (and the per-IP counters): no secret, no Cognito, no deletes in a bucket.
 * - account: sign-up, sign-in, sessions and the user's own settings: Cognito admin calls and mail.
 * - billing: payments and subscriptions, the only group that reads Stripe's secrets.
 * - render: screenplays, renders, voices and the showcase a user edits: buckets, AI keys, state machines.
 * - admin: the admin routes.
 * Required, so a new route cannot ship without choosing what it may touch.
 */
export type RouteGroup = "public" | "account" | "billing" | "render" | "admin";
export const ROUTE_GROUPS: readonly RouteGroup[] = ["public", "account", "billing", "render", "admin"];

/** API Gateway gives up on an integration after 30 s: a route must answer well before. */
export const MAX_ROUTE_TIMEOUT = 28;

export interface Route {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/screenplays/{id}`. */
  path: string;
  handler: string;
  auth: AuthLevel;
  group: RouteGroup;
  /** Seconds, at most MAX_ROUTE_TIMEOUT; the default suits a quick JSON call. */
  timeout?: number;
  /** MB; media work wants more. */
  memory?: number;
}

// One row per line, whatever its length: rows are added and reviewed one at a time.
// prettier-ignore
export const routes: Route[] = [
  { method: "GET", path: "/api/env", handler: "api/env/get", auth: "public", group: "public" },
  { method: "GET", path: "/api/faqs", handler: "api/faq/list", auth: "public", group: "public" },
  { method: "POST", path: "/api/unsubscribe", handler: "api/unsubscribe/post", auth: "public", group: "public" },
  { method: "POST", path: "/api/unsubscribe/one-click", handler: "api/unsubscribe/one-click", auth: "public", group: "public" },
  { method: "GET", path: "/api/subscriptions", handler: "api/billing/plans", auth: "public", group: "billing" },
  { method: "POST", path: "/api/stripe/webhook", handler: "api/billing/stripe-webhook", auth: "public", group: "billing" },

  // Accounts and sessions
  { method: "POST", path: "/api/auth/send-confirmation", handler: "api/auth/send-confirmation", auth: "public", group: "account" },
  { method: "POST", path: "/api/register", handler: "api/auth/register", auth: "public", group: "account" },
  { method: "POST", path: "/api/login", handler: "api/auth/login", auth: "public", group: "account" },
  { method: "POST", path: "/api/logout", handler: "api/auth/logout", auth: "public", group: "account" },
  { method: "POST", path: "/api/auth/send-password-reset", handler: "api/auth/send-password-reset", auth: "public", group: "account" },
  { method: "POST", path: "/api/auth/reset-password", handler: "api/auth/reset-password", auth: "public", group: "account" },
  { method: "POST", path: "/api/auth/token-exchange", handler: "api/auth/token-exchange", auth: "public", group: "account" },

  // The signed-in user
  // Public: signed out answers 200 null, so a visitor's browser logs no failed request (docs/decisions.md#web).
  { method: "GET", path: "/api/user", handler: "api/user/get", auth: "public", group: "public" },
  { method: "GET", path: "/api/user/settings", handler: "api/user/settings-get", auth: "user", group: "account" },
  { method: "PUT", path: "/api/user/settings", handler: "api/user/settings-put", auth: "user", group: "account" },
  { method: "POST", path: "/api/user/email-change/code", handler: "api/user/email-change-request", auth: "user", group: "account" },
  { method: "POST", path: "/api/user/email-change", handler: "api/user/email-change-confirm", auth: "user", group: "account" },
  { method: "POST", path: "/api/user/welcome-dismissed", handler: "api/user/welcome-dismiss", auth: "user", group: "account" },
  { method: "GET", path: "/api/user/referral-code", handler: "api/user/referral-code", auth: "user", group: "account" },
  { method: "GET", path: "/api/user/points", handler: "api/user/points", auth: "user", group: "account" },

  // Points
  { method: "GET", path: "/api/points/balance", handler: "api/points/balance", auth: "user", group: "account" },
  { method: "GET", path: "/api/points/ledger", handler: "api/points/ledger", auth: "user", group: "account" },

  // Payments (docs/product.md#payments)
  { method: "POST", path: "/api/create-payment-intent-v2", handler: "api/billing/create-points-intent", auth: "user", group: "billing" },
  { method: "POST", path: "/api/create-payment-intent", handler: "api/billing/create-render-intent", auth: "user", group: "billing" },
  { method: "POST", path: "/api/purchase-render", handler: "api/billing/purchase-render", auth: "user", group: "billing", timeout: 28 },
  { method: "GET", path: "/api/payments", handler: "api/billing/payments", auth: "user", group: "billing" },
  { method: "GET", path: "/api/payment-methods", handler: "api/billing/payment-methods", auth: "user", group: "billing" },

  // Subscriptions (docs/product.md#subscriptions)
  { method: "GET", path: "/api/user/subscription", handler: "api/subscription/get", auth: "user", group: "billing" },
  { method: "POST", path: "/api/userSubscription", handler: "api/subscription/create", auth: "user", group: "billing", timeout: 28 },
  { method: "POST", path: "/api/userSubscription/estimate", handler: "api/subscription/estimate", auth: "user", group: "billing", timeout: 28 },
  { method: "PUT", path: "/api/userSubscription", handler: "api/subscription/change", auth: "user", group: "billing", timeout: 28 },
  { method: "DELETE", path: "/api/userSubscription", handler: "api/subscription/cancel", auth: "user", group: "billing", timeout: 28 },
  { method: "GET", path: "/api/userSubscription/payments/{invoiceId}", handler: "api/subscription/payment", auth: "user", group: "billing" },

  // Screenplays
  { method: "GET", path: "/api/screenplays", handler: "api/screenplay/list", auth: "user", group: "render" },
  { method: "POST", path: "/api/screenplays", handler: "api/screenplay/create", auth: "user", group: "render", timeout: 28, memory: 1024 },
  { method: "GET", path: "/api/screenplays/{id}", handler: "api/screenplay/get", auth: "user", group: "render" },
  { method: "DELETE", path: "/api/screenplays/{id}", handler: "api/screenplay/delete", auth: "user", group: "render" },
  { method: "GET", path: "/api/screenplays/{id}/file", handler: "api/screenplay/file", auth: "user", group: "render" },
  { method: "GET", path: "/api/screenplays/{id}/renders", handler: "api/screenplay/renders", auth: "user", group: "render" },
  { method: "POST", path: "/api/screenplays/{id}/characters", handler: "api/screenplay/add-character", auth: "user", group: "render" },
  { method: "DELETE", path: "/api/screenplays/{id}/characters/{characterName}", handler: "api/screenplay/remove-character", auth: "user", group: "render" },

  // Revised drafts (docs/decisions.md#revised-drafts)
  { method: "GET", path: "/api/screenplays/{id}/versions", handler: "api/revision/list-drafts", auth: "user", group: "render" },
  { method: "POST", path: "/api/screenplays/{id}/versions", handler: "api/revision/upload-draft", auth: "user", group: "render", timeout: 28, memory: 1024 },
  { method: "GET", path: "/api/screenplays/{id}/versions/{version}/file", handler: "api/revision/draft-file", auth: "user", group: "render" },
  { method: "DELETE", path: "/api/screenplays/{id}/versions/{version}", handler: "api/revision/delete-draft", auth: "user", group: "render" },
  { method: "GET", path: "/api/screenplays/{id}/diff", handler: "api/revision/diff", auth: "user", group: "render", memory: 1024 },
  { method: "POST", path: "/api/screenplays/{id}/characters/match", handler: "api/revision/match-character", auth: "user", group: "render" },
  { method: "POST", path: "/api/screenplays/{id}/render-quote", handler: "api/revision/quote", auth: "user", group: "render" },

  // Renders
  { method: "GET", path: "/api/renders", handler: "api/render/list", auth: "user", group: "render" },
  { method: "POST", path: "/api/renders", handler: "api/render/create", auth: "user", group: "render", timeout: 28 },
  { method: "GET", path: "/api/renders/{id}", handler: "api/render/get", auth: "user", group: "render" },
  { method: "GET", path: "/api/renders/{id}/timelines/{format}", handler: "api/timeline/get", auth: "user", group: "render" },
  { method: "GET", path: "/api/renders/mediaCompletion/{id}", handler: "api/render/media-completion", auth: "user", group: "render" },
  { method: "PUT", path: "/api/renders/{id}/descriptions", handler: "api/render/update-descriptions", auth: "user", group: "render", timeout: 28 },
  { method: "POST", path: "/api/music-uploads", handler: "api/mix/upload-music", auth: "user", group: "render", timeout: 28, memory: 1024 },
  { method: "POST", path: "/api/music-uploads/presigned", handler: "api/mix/request-music-put", auth: "user", group: "render" },
  { method: "POST", path: "/api/music-uploads/{id}/check", handler: "api/mix/check-music-put", auth: "user", group: "render", timeout: 28, memory: 1024 },
  { method: "PUT", path: "/api/renders/{id}/character-reference", handler: "api/render/character-reference", auth: "user", group: "render", timeout: 28, memory: 1024 },
  { method: "PUT", path: "/api/renders/status", handler: "api/render/update-status", auth: "user", group: "render" },
  { method: "POST", path: "/api/renders/blocks/image", handler: "api/render/generate-image", auth: "user", group: "render" },
  { method: "GET", path: "/api/renders/{id}/image-requests", handler: "api/render/image-requests", auth: "user", group: "render" },
  { method: "POST", path: "/api/renders/blocks/drawn-frame", handler: "api/render/drawn-frame", auth: "user", group: "render", timeout: 28, memory: 1024 },
  { method: "POST", path: "/api/renders/save-image-order", handler: "api/render/save-image-order", auth: "user", group: "render" },
  { method: "POST", path: "/api/renders/re-render", handler: "api/render/re-render", auth: "user", group: "render" },
  { method: "POST", path: "/api/renders/{id}/storyboard-pdf", handler: "api/render/storyboard-pdf", auth: "user", group: "render", timeout: 28, memory: 1024 },
  { method: "GET", path: "/api/voices", handler: "api/voice/list", auth: "user", group: "render" },
  { method: "GET", path: "/api/voices/{id}/preview", handler: "api/voice/preview", auth: "public", group: "render", memory: 512 },
  { method: "POST", path: "/api/admin/retry-failed-audio", handler: "api/admin/retry-failed-audio", auth: "admin", group: "admin" },
  { method: "GET", path: "/api/admin/provider-check", handler: "api/admin/provider-check", auth: "admin", group: "admin" },
  { method: "GET", path: "/api/admin/flagged-accounts", handler: "api/billing/flagged-accounts", auth: "admin", group: "admin" },

  // Review links (docs/product.md#review-links): the owner's side, then the reviewer's by the token
  { method: "POST", path: "/api/renders/{id}/review-links", handler: "api/review/create-link", auth: "user", group: "render" },
  { method: "GET", path: "/api/renders/{id}/review-links", handler: "api/review/list-links", auth: "user", group: "render" },
  { method: "DELETE", path: "/api/review-links/{linkId}", handler: "api/review/revoke-link", auth: "user", group: "render" },
  { method: "GET", path: "/api/renders/{id}/comments", handler: "api/review/owner-comments", auth: "user", group: "render", timeout: 28 },
  { method: "POST", path: "/api/renders/{id}/comments", handler: "api/review/owner-reply", auth: "user", group: "render", timeout: 28 },
  { method: "POST", path: "/api/comments/{id}/resolve", handler: "api/review/resolve", auth: "user", group: "render" },
  // The token is the x-review-token header, never the path: access logs write paths down (docs/decisions.md#review-links).
  { method: "GET", path: "/api/review", handler: "api/review/view", auth: "public", group: "public", timeout: 28 },
  { method: "POST", path: "/api/review/comments", handler: "api/review/comment", auth: "public", group: "public", timeout: 28 },
  { method: "POST", path: "/api/review/decision", handler: "api/review/decision", auth: "public", group: "public" },

  // Media files: a short-lived signed address for those who may read them (docs/decisions.md#private-media)
  { method: "GET", path: "/api/media/{key+}", handler: "api/media/get", auth: "public", group: "public" },

  // Showcase (docs/product.md#showcase)
  { method: "GET", path: "/api/showcase/search", handler: "api/showcase/search", auth: "public", group: "public" },
  { method: "GET", path: "/api/showcase/single/{id}", handler: "api/showcase/single", auth: "public", group: "public" },
  { method: "GET", path: "/api/showcase/by-user/{userId}", handler: "api/showcase/by-user", auth: "public", group: "public" },
  { method: "GET", path: "/api/showcase/by-render/{id}", handler: "api/showcase/by-render", auth: "user", group: "render" },
  { method: "POST", path: "/api/showcase/promote", handler: "api/showcase/promote", auth: "user", group: "render" },
  { method: "PUT", path: "/api/showcase/{id}", handler: "api/showcase/edit", auth: "user", group: "render" },
  { method: "POST", path: "/api/showcase/{id}/report", handler: "api/showcase/report", auth: "user", group: "render" },
  { method: "GET", path: "/api/share/showcase/{id}", handler: "api/showcase/share-page", auth: "public", group: "public" },
  { method: "GET", path: "/api/share/embed/{id}", handler: "api/showcase/embed-page", auth: "public", group: "public" },
  { method: "GET", path: "/api/featured-showcase", handler: "api/showcase/featured-list", auth: "public", group: "public" },
  { method: "POST", path: "/api/featured-showcase", handler: "api/showcase/featured-add", auth: "admin", group: "admin" },
  { method: "DELETE", path: "/api/featured-showcase/{id}", handler: "api/showcase/featured-remove", auth: "admin", group: "admin" },
  { method: "POST", path: "/api/contact-requests", handler: "api/showcase/contact", auth: "user", group: "render" },
  { method: "GET", path: "/api/admin/showcase-reports", handler: "api/showcase/reports-list", auth: "admin", group: "admin" },
  { method: "POST", path: "/api/admin/showcase-reports/{id}/{action}", handler: "api/showcase/report-resolve", auth: "admin", group: "admin" },
  { method: "GET", path: "/api/admin/showcase-holds", handler: "api/showcase/holds-list", auth: "admin", group: "admin" },
  { method: "POST", path: "/api/admin/showcase-holds/{id}/lift", handler: "api/showcase/hold-lift", auth: "admin", group: "admin" },
];

/** Answers every /api path that no row matches (API Gateway's `$default` route). */
export const NOT_FOUND_ROUTE = {
  routeKey: "$default",
  handler: "api/not-found",
  auth: "public" as AuthLevel,
  group: "public" as RouteGroup,
};

export const routeKey = (r: Pick<Route, "method" | "path">) => `${r.method} ${r.path}`;
