/**
 * Every state-changing route of `routes.ts` against the four callers who must
 * not get through: anonymous, another user, a user without the role, and an
 * entry under a moderation hold. A route added without an expectation here
 * fails the first test, which says what to declare.
 */
import { REVIEW_TOKEN_HEADER } from "@storyboard/core/review/schema";
import { createTestUser, type TestUser, uploadScreenplay } from "@storyboard/local/test/fixtures";
import { finishedRender, promotedEntry, json as jsonHeaders } from "./api/showcase/test-support";
import { routeKey, routes } from "./routes";

type Fixture = {
  ownerId: string;
  other: TestUser;
  render: { renderJobId: string };
  screenplayId: string;
  entryId: string;
  heldEntryId: string;
  reviewLinkId: string;
  reviewCommentId: string;
};
/** A request made by someone who is not the owner: path parameters and body refer to the owner's resource. */
type Call = (f: Fixture) => { path: string; body?: unknown };

interface Expectation {
  /** "public" routes say why anyone may call them; the others must answer 401 to the anonymous. */
  anonymous: 401 | { public: string };
  /** Another user's resource answers 404; or why the route touches nothing another user owns. */
  otherUser: { call: Call; status?: number } | { none: string };
  /** The role the route needs (403 without it). A features route is called with the caller's own render. */
  role?: { name: "admin" | "features"; call?: Call };
  /** A held entry: how the route refuses it; or why the route has nothing to do with entries. */
  held?: { call: Call; status: number };
}

const NO_OWNED = (why = "acts on the caller's own account only") => ({ none: why });

export const EXPECTATIONS: Record<string, Expectation> = {
  "POST /api/unsubscribe": { anonymous: { public: "the e-mail's token is the credential" }, otherUser: NO_OWNED("a token, not a session") },
  "POST /api/unsubscribe/one-click": { anonymous: { public: "RFC 8058: the token in the header's address is the credential" }, otherUser: NO_OWNED("a token, not a session") },
  "POST /api/stripe/webhook": { anonymous: { public: "Stripe's signature is the credential" }, otherUser: NO_OWNED("signed by Stripe") },
  "POST /api/auth/send-confirmation": { anonymous: { public: "sign-up" }, otherUser: NO_OWNED() },
  "POST /api/register": { anonymous: { public: "sign-up" }, otherUser: NO_OWNED() },
  "POST /api/login": { anonymous: { public: "sign-in" }, otherUser: NO_OWNED() },
  "POST /api/logout": { anonymous: { public: "ends the caller's own session, if any" }, otherUser: NO_OWNED() },
  "POST /api/auth/send-password-reset": { anonymous: { public: "forgot password" }, otherUser: NO_OWNED() },
  "POST /api/auth/reset-password": { anonymous: { public: "forgot password, with the mailed code" }, otherUser: NO_OWNED() },
  "POST /api/auth/token-exchange": { anonymous: { public: "Google sign-in, with the ID token" }, otherUser: NO_OWNED() },
  "PUT /api/user/settings": { anonymous: 401, otherUser: NO_OWNED() },
  "POST /api/user/welcome-dismissed": { anonymous: 401, otherUser: NO_OWNED() },
  "POST /api/user/email-change/code": { anonymous: 401, otherUser: NO_OWNED() },
  "POST /api/user/email-change": { anonymous: 401, otherUser: NO_OWNED("the code is bound to the account that asked (email-change.int.test.ts)") },
  "POST /api/create-payment-intent-v2": { anonymous: 401, otherUser: NO_OWNED() },
  "POST /api/create-payment-intent": { anonymous: 401, otherUser: { call: (f) => ({ path: "/api/create-payment-intent", body: { screenplayId: f.screenplayId } }) } },
  "POST /api/purchase-render": { anonymous: 401, otherUser: NO_OWNED("a payment of the caller's own (purchase-render.int.test.ts)") },
  "POST /api/userSubscription": { anonymous: 401, otherUser: NO_OWNED() },
  "POST /api/userSubscription/estimate": { anonymous: 401, otherUser: NO_OWNED() },
  "PUT /api/userSubscription": { anonymous: 401, otherUser: NO_OWNED() },
  "DELETE /api/userSubscription": { anonymous: 401, otherUser: NO_OWNED() },
  "POST /api/screenplays": { anonymous: 401, otherUser: NO_OWNED("creates the caller's own") },
  "POST /api/music-uploads": { anonymous: 401, otherUser: NO_OWNED("stores the caller's own track; a render naming another's is a 404") },
  "POST /api/music-uploads/presigned": { anonymous: 401, otherUser: NO_OWNED("signs a PUT into the caller's own incoming folder") },
  "POST /api/music-uploads/{id}/check": {
    anonymous: 401,
    otherUser: NO_OWNED("looks only in the caller's own folders: another writer's id is a 404 (music.int.test.ts)"),
  },
  "DELETE /api/screenplays/{id}": { anonymous: 401, otherUser: { call: (f) => ({ path: `/api/screenplays/${f.screenplayId}` }) } },
  "POST /api/screenplays/{id}/characters": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: `/api/screenplays/${f.screenplayId}/characters`, body: { characterName: "INTRUDER" } }) },
  },
  "DELETE /api/screenplays/{id}/characters/{characterName}": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: `/api/screenplays/${f.screenplayId}/characters/GUARD` }) },
  },
  "POST /api/screenplays/{id}/versions": {
    anonymous: 401,
    otherUser: NO_OWNED("a file upload: another user's screenplay answers 404 (revision.int.test.ts)"),
  },
  "DELETE /api/screenplays/{id}/versions/{version}": { anonymous: 401, otherUser: { call: (f) => ({ path: `/api/screenplays/${f.screenplayId}/versions/1` }) } },
  "POST /api/screenplays/{id}/characters/match": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: `/api/screenplays/${f.screenplayId}/characters/match`, body: { oldName: "GUARD", newName: "WARDEN" } }) },
  },
  "POST /api/screenplays/{id}/render-quote": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: `/api/screenplays/${f.screenplayId}/render-quote`, body: { style: "noir" } }) },
  },
  "POST /api/renders": { anonymous: 401, otherUser: { call: (f) => ({ path: "/api/renders", body: { screenplayId: f.screenplayId, title: "Stolen", style: "noir" } }) } },
  "PUT /api/renders/{id}/descriptions": { anonymous: 401, otherUser: { call: (f) => ({ path: `/api/renders/${f.render.renderJobId}/descriptions`, body: {} }) } },
  "PUT /api/renders/{id}/character-reference": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: `/api/renders/${f.render.renderJobId}/character-reference`, body: { name: "GUARD", image: "aGVsbG8=" } }) },
  },
  "PUT /api/renders/status": { anonymous: 401, otherUser: { call: (f) => ({ path: "/api/renders/status", body: { renderJobId: f.render.renderJobId, status: "failed" } }) } },
  "POST /api/renders/blocks/image": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: "/api/renders/blocks/image", body: { renderJobId: f.render.renderJobId, blockId: "b0001", imagePrompt: "a lamp" } }) },
  },
  "POST /api/renders/blocks/drawn-frame": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: "/api/renders/blocks/drawn-frame", body: { renderJobId: f.render.renderJobId, requestId: "r0001" } }) },
  },
  "POST /api/renders/save-image-order": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: "/api/renders/save-image-order", body: { renderJobId: f.render.renderJobId, blockId: "b0001", imageUrl: ["x.jpg"] } }) },
  },
  "POST /api/renders/{id}/storyboard-pdf": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: `/api/renders/${f.render.renderJobId}/storyboard-pdf`, body: { layout: "1-portrait" } }) },
  },
  "POST /api/renders/re-render": { anonymous: 401, otherUser: { call: (f) => ({ path: "/api/renders/re-render", body: { renderJobId: f.render.renderJobId } }) } },
  "POST /api/admin/retry-failed-audio": { anonymous: 401, otherUser: NO_OWNED("admin only"), role: { name: "admin" } },
  "POST /api/showcase/promote": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: "/api/showcase/promote", body: promoteBody(f.render.renderJobId) }) },
    role: { name: "features" },
  },
  "PUT /api/showcase/{id}": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: `/api/showcase/${f.entryId}`, body: editBody() }) },
    held: { call: (f) => ({ path: `/api/showcase/${f.heldEntryId}`, body: editBody() }), status: 403 },
  },
  "POST /api/showcase/{id}/report": {
    anonymous: 401,
    otherUser: NO_OWNED("reports any public entry"),
    held: { call: (f) => ({ path: `/api/showcase/${f.heldEntryId}/report`, body: { reason: "spam" } }), status: 404 },
  },
  "POST /api/featured-showcase": {
    anonymous: 401,
    otherUser: NO_OWNED("admin only"),
    role: { name: "admin" },
    held: { call: (f) => ({ path: "/api/featured-showcase", body: { showcaseEntryId: f.heldEntryId } }), status: 409 },
  },
  "DELETE /api/featured-showcase/{id}": { anonymous: 401, otherUser: NO_OWNED("admin only"), role: { name: "admin" } },
  "POST /api/contact-requests": {
    anonymous: 401,
    otherUser: NO_OWNED("contacts another creator by design"),
    held: { call: (f) => ({ path: "/api/contact-requests", body: { creatorId: f.ownerId, showcaseEntryId: f.heldEntryId, reason: "other" } }), status: 404 },
  },
  "POST /api/renders/{id}/review-links": { anonymous: 401, otherUser: { call: (f) => ({ path: `/api/renders/${f.render.renderJobId}/review-links`, body: { name: "Thief" } }) } },
  "DELETE /api/review-links/{linkId}": { anonymous: 401, otherUser: { call: (f) => ({ path: `/api/review-links/${f.reviewLinkId}` }) } },
  "POST /api/renders/{id}/comments": {
    anonymous: 401,
    otherUser: { call: (f) => ({ path: `/api/renders/${f.render.renderJobId}/comments`, body: { parentId: f.reviewCommentId, text: "Thief" } }) },
  },
  "POST /api/comments/{id}/resolve": { anonymous: 401, otherUser: { call: (f) => ({ path: `/api/comments/${f.reviewCommentId}/resolve`, body: {} }) } },
  "POST /api/review/comments": { anonymous: { public: "the review link's token is the credential" }, otherUser: NO_OWNED("a token, not a session") },
  "POST /api/review/decision": { anonymous: { public: "the review link's token is the credential" }, otherUser: NO_OWNED("a token, not a session") },
  "POST /api/admin/showcase-reports/{id}/{action}": { anonymous: 401, otherUser: NO_OWNED("admin only"), role: { name: "admin" } },
  "POST /api/admin/showcase-holds/{id}/lift": { anonymous: 401, otherUser: NO_OWNED("admin only"), role: { name: "admin" } },
};

const promoteBody = (renderJobId: string) => ({ renderJobId, title: "Taken", genre: "Drama", displayName: "Thief" });
const editBody = () => ({ title: "Taken", genre: "Drama", displayName: "Thief", isPublic: true });

const STATE_CHANGING = routes.filter((r) => r.method !== "GET");
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, "x");
const send = (who: TestUser | undefined, method: string, path: string, body?: unknown) => {
  const init = { method, headers: jsonHeaders, body: body === undefined ? undefined : JSON.stringify(body) };
  return who ? who.call(path, init) : fetch(new URL(path, process.env.API_URL), { ...init, headers: { ...jsonHeaders, origin: process.env.API_URL! } });
};

describe("every state-changing route is checked", () => {
  it("has a declared expectation for each state-changing route of routes.ts", () => {
    const missing = STATE_CHANGING.map(routeKey).filter((key) => !EXPECTATIONS[key]);
    expect(
      missing,
      `Declare these routes in EXPECTATIONS of packages/functions/src/route-checks.int.test.ts: who may call them anonymously ` +
        `(401 or { public: why }), what another user's resource answers (a call giving 404, or { none: why }), the role they need, ` +
        `and how they treat a held showcase entry if they touch entries.`,
    ).toEqual([]);
    const stale = Object.keys(EXPECTATIONS).filter((key) => !STATE_CHANGING.some((r) => routeKey(r) === key));
    expect(stale, "EXPECTATIONS names routes that routes.ts no longer has").toEqual([]);
  });

  it("answers 401 to the anonymous on every non-public route", async () => {
    for (const route of STATE_CHANGING) {
      const expected = EXPECTATIONS[routeKey(route)];
      if (!expected || expected.anonymous !== 401) continue;
      expect(route.auth, `${routeKey(route)} is declared 401 for the anonymous, so its auth level must not be public`).not.toBe("public");
      const res = await send(undefined, route.method, concrete(route.path), {});
      expect(res.status, routeKey(route)).toBe(401);
    }
  });

  it("answers 403 to a user without the role, and 404 for another user's resource or a held entry", async () => {
    const owner = await createTestUser({ roles: ["features"] });
    // The other user has the features role too, so only ownership stands between them and the owner's things.
    const other = await createTestUser({ roles: ["features"] });
    const render = await finishedRender(owner);
    const screenplay = await (await uploadScreenplay(owner)).json();
    const { entry } = await promotedEntry({}, owner);
    const held = await promotedEntry({}, owner);
    const boss = await createTestUser({ roles: ["admin"] });
    const viewer = await createTestUser();
    await viewer.call(`/api/showcase/${held.entry.id}/report`, { method: "POST", headers: jsonHeaders, body: JSON.stringify({ reason: "spam" }) });
    const reports = (await (await boss.call("/api/admin/showcase-reports")).json()) as { id: string; showcaseEntryId: string }[];
    const report = reports.find((r) => r.showcaseEntryId === held.entry.id)!;
    expect((await boss.call(`/api/admin/showcase-reports/${report.id}/unpublish`, { method: "POST" })).status).toBe(200);
    const { link } = await (await owner.call(`/api/renders/${render.renderJobId}/review-links`, { method: "POST", headers: jsonHeaders, body: JSON.stringify({ name: "For Dana" }) })).json();
    const reviewed = await fetch(new URL("/api/review/comments", process.env.API_URL), {
      method: "POST",
      headers: { ...jsonHeaders, origin: process.env.API_URL!, [REVIEW_TOKEN_HEADER]: link.url.slice("/review#".length) },
      body: JSON.stringify({ name: "Dana", text: "A note." }),
    });
    const f: Fixture = {
      ownerId: owner.userId,
      other,
      render,
      screenplayId: screenplay.id ?? screenplay.screenplayId,
      entryId: entry.id,
      heldEntryId: held.entry.id,
      reviewLinkId: link.linkId,
      reviewCommentId: (await reviewed.json()).comment.commentId,
    };

    for (const route of STATE_CHANGING) {
      const key = routeKey(route);
      const expected = EXPECTATIONS[key];
      if (!expected) continue;
      if ("call" in expected.otherUser) {
        const { path, body } = expected.otherUser.call(f);
        expect((await send(other, route.method, path, body)).status, `${key}: another user's resource`).toBe(expected.otherUser.status ?? 404);
      }
      if (expected.role) {
        // Without the features role: the caller's OWN finished render, so only the role is missing.
        const withoutRole = expected.role.name === "features" ? await createTestUser() : owner;
        const { path, body } =
          expected.role.name === "features"
            ? { path: concrete(route.path), body: promoteBody((await finishedRender(withoutRole)).renderJobId) }
            : (expected.role.call?.(f) ?? { path: concrete(route.path), body: {} });
        expect((await send(withoutRole, route.method, path, body)).status, `${key}: without the ${expected.role.name} role`).toBe(403);
      }
      if (expected.held) {
        const { path, body } = expected.held.call(f);
        const caller = key === "PUT /api/showcase/{id}" ? owner : key === "POST /api/featured-showcase" ? boss : other;
        expect((await send(caller, route.method, path, body)).status, `${key}: a held entry`).toBe(expected.held.status);
      }
    }
  });
});
