import { randomUUID } from "node:crypto";
import { setClock } from "@storyboard/core/clock";
import { db } from "@storyboard/core/dynamo/service";
import { REVIEW_ADDRESS_LIMIT, REVIEW_LINK_LIMIT } from "@storyboard/core/review/limits";
import { REVIEW_MESSAGES, REVIEW_TOKEN_HEADER } from "@storyboard/core/review/schema";
import { createTestUser } from "@storyboard/local/test/fixtures";
import { makeEvent } from "../../shared/test-event";
import { handler as listLinksHandler } from "./list-links";
import { asReviewer, byToken, createLink, post, reviewableRender } from "./test-support";
import { handler as viewHandler } from "./view";

const INACTIVE = { message: REVIEW_MESSAGES.inactive };
/** A fresh address per test, so the per-address limit of one never reaches another. */
const address = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

describe("review links: the owner's side", () => {
  it("creates, lists and revokes links of a finished render; others get 404, the anonymous 401", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const { renderJobId } = await reviewableRender(owner);
    const res = await owner.call(`/api/renders/${renderJobId}/review-links`, post({ name: " For\u0007 Dana ", allowDownload: true, expiresInDays: 7 }));
    expect(res.status).toBe(201);
    const { link } = await res.json();
    expect(link).toMatchObject({ name: "For Dana", allowDownload: true, status: "active", revokedAt: null, commentCount: 0, openCommentCount: 0, decision: null });
    expect(link.url).toMatch(/^\/review#[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const listed = await (await owner.call(`/api/renders/${renderJobId}/review-links`)).json();
    expect(listed.links.map((l: { linkId: string; url: string }) => [l.linkId, l.url])).toEqual([[link.linkId, link.url]]);

    expect((await other.call(`/api/renders/${renderJobId}/review-links`)).status).toBe(404);
    expect((await other.call(`/api/renders/${renderJobId}/review-links`, post({ name: "Mine" }))).status).toBe(404);
    expect((await other.call(`/api/review-links/${link.linkId}`, { method: "DELETE" })).status).toBe(404);
    expect((await byToken(`/api/renders/${renderJobId}/review-links`)).status).toBe(401);
    expect((await byToken(`/api/renders/${renderJobId}/review-links`, post({ name: "x" }))).status).toBe(401);

    const revoked = await owner.call(`/api/review-links/${link.linkId}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).link).toMatchObject({ status: "revoked", linkId: link.linkId });
    const token = link.url.slice("/review#".length);
    for (const res of [
      await asReviewer(token, ""),
      await asReviewer(token, "/comments", post({ name: "Dana", text: "Late note" })),
      await asReviewer(token, "/decision", post({ name: "Dana", decision: "approved" })),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject(INACTIVE);
    }
  });

  it("refuses a render that is not finished and bad input", async () => {
    const owner = await createTestUser();
    const running = await reviewableRender(owner, { status: "rendering" });
    const res = await owner.call(`/api/renders/${running.renderJobId}/review-links`, post({ name: "For Dana" }));
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(REVIEW_MESSAGES.notFinished);
    const { renderJobId } = await reviewableRender(owner);
    for (const body of [{}, { name: "x".repeat(61) }, { name: "Dana", expiresInDays: 0 }, { name: "Dana", expiresInDays: 91 }]) {
      expect((await owner.call(`/api/renders/${renderJobId}/review-links`, post(body))).status).toBe(400);
    }
    expect((await owner.call(`/api/renders/${randomUUID()}/review-links`, post({ name: "Dana" }))).status).toBe(404);
  });

  it("an expired link answers 404 and lists as expired", async () => {
    const owner = await createTestUser();
    const { renderJobId } = await reviewableRender(owner);
    const link = await createLink(owner, renderJobId, { name: "For a day", expiresInDays: 1 });
    const view = () => viewHandler(makeEvent({ path: "/api/review", routeKey: "GET /api/review", headers: { [REVIEW_TOKEN_HEADER]: link.token } }));
    expect((await view()).statusCode).toBe(200);
    try {
      setClock(() => Date.now() + 25 * 3600_000);
      const late = await view();
      expect(late.statusCode).toBe(404);
      expect(JSON.parse(late.body!)).toMatchObject(INACTIVE);
      const listed = await listLinksHandler(
        makeEvent({ path: `/api/renders/${renderJobId}/review-links`, routeKey: "GET /api/renders/{id}/review-links", params: { id: renderJobId }, cookies: [owner.cookie] }),
      );
      expect(JSON.parse(listed.body!).links[0].status).toBe("expired");
    } finally {
      setClock(undefined);
    }
  });
});

describe("review links: the reviewer's side", () => {
  it("a storage failure while opening the review is a 503 to retry, not 'no longer active'", async () => {
    const owner = await createTestUser();
    const { renderJobId } = await reviewableRender(owner);
    const link = await createLink(owner, renderJobId);
    const refused = Object.assign(new Error("The storage is unavailable"), { name: "InternalServerError" });
    const read = vi.spyOn(db.entities.renderJob, "get").mockImplementationOnce(() => ({ go: () => Promise.reject(refused) }) as never);
    try {
      const res = await viewHandler(makeEvent({ path: "/api/review", routeKey: "GET /api/review", headers: { [REVIEW_TOKEN_HEADER]: link.token } }));
      expect(res.statusCode).toBe(503);
      const body = JSON.parse(res.body!);
      expect(body).toMatchObject({ code: "storage_unavailable" });
      expect(body.message).not.toBe(REVIEW_MESSAGES.inactive);
    } finally {
      read.mockRestore();
    }
    expect((await asReviewer(link.token, "")).status).toBe(200);
  });

  it("shows its own render's frames and media through the token, never the owner's e-mail", async () => {
    const owner = await createTestUser();
    const { renderJobId, folder, blockIds } = await reviewableRender(owner);
    const other = await reviewableRender(owner);
    const link = await createLink(owner, renderJobId);
    const res = await asReviewer(link.token, "");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(owner.email);
    const { review } = JSON.parse(text);
    // The owner's id is part of the files' keys, so only the signed addresses carry it.
    const unsigned = { ...review, videoUrl: null, posterUrl: null, frames: review.frames.map((f: object) => ({ ...f, imageUrl: null })) };
    expect(JSON.stringify(unsigned)).not.toContain(owner.userId);
    expect(review).toMatchObject({ linkName: "For Dana", title: "Night Desk", allowDownload: false, downloadUrl: null, aspect: "16:9", comments: [], decision: null });
    expect(review.frames.map((f: { blockId: string }) => f.blockId)).toEqual(blockIds);
    expect(review.frames[1]).toMatchObject({ index: 1, sceneNumber: 1, startMs: 2000, durationMs: 2000, text: "The guard dozes over a cold coffee." });
    expect(review.frames[0].label).toMatch(/^Scene 1 Shot /);
    expect(review.durationMs).toBe(10_000);

    // Media are short-lived signed addresses of this render's own files, straight to the bucket: no API
    // path a <video> would have to carry the token in.
    const signed = new URL(review.videoUrl, process.env.API_URL);
    expect(signed.pathname).toContain(`${folder}video.mp4`);
    expect(Number(signed.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(300);
    expect(review.videoUrl).not.toContain(link.token);
    expect((await fetch(signed)).status).toBe(200);
    expect(new URL(review.frames[2].imageUrl, process.env.API_URL).pathname).toContain(`${folder}images/${blockIds[2]}-1.jpg`);
    // Another render of the same owner, shared with downloads: its own video, saved under its title.
    const otherLink = await createLink(owner, other.renderJobId, { name: "Other", allowDownload: true });
    const { review: otherReview } = await (await asReviewer(otherLink.token, "")).json();
    const download = new URL(otherReview.downloadUrl, process.env.API_URL);
    expect(download.pathname).toContain(`${other.folder}video.mp4`);
    expect(download.searchParams.get("response-content-disposition")).toContain('attachment; filename="Night Desk.mp4"');

    expect(await (await asReviewer("A".repeat(43), "")).json()).toMatchObject(INACTIVE);
    expect((await asReviewer("short", "")).status).toBe(404);
    // Without the header, or with the token in the old place (the path), nothing is found.
    expect(await (await byToken("/api/review")).json()).toMatchObject(INACTIVE);
    expect((await byToken(`/api/review/${link.token}`)).status).toBe(404);
  });

  it("takes comments on a frame, at a time and in threads, and a decision, within the limits", async () => {
    const owner = await createTestUser();
    const { renderJobId, blockIds } = await reviewableRender(owner);
    const link = await createLink(owner, renderJobId);
    const other = await createLink(owner, (await reviewableRender(owner)).renderJobId);
    const from = address();
    const comment = async (body: Record<string, unknown>, token = link.token) => asReviewer(token, "/comments", post(body), from);

    const onFrame = await comment({ blockId: blockIds[1], name: "Dana", text: "Too dark.\nBrighter?\u0007" });
    expect(onFrame.status).toBe(201);
    const first = (await onFrame.json()).comment;
    expect(first).toMatchObject({ blockId: blockIds[1], atMs: null, name: "Dana", text: "Too dark.\nBrighter?", author: "reviewer", resolved: false, outdated: false, parentId: null });
    const atTime = (await (await comment({ atMs: 4500, name: "Dana", text: "Love this line." })).json()).comment;
    expect(atTime).toMatchObject({ blockId: blockIds[2], atMs: 4500 });
    const reply = (await (await comment({ parentId: first.commentId, name: "Sam", text: "Agreed." })).json()).comment;
    expect(reply).toMatchObject({ parentId: first.commentId, blockId: blockIds[1] });

    expect((await comment({ blockId: "b9999", name: "Dana", text: "x" })).status).toBe(400);
    expect((await comment({ atMs: 99_000, name: "Dana", text: "x" })).status).toBe(400);
    expect((await comment({ name: "", text: "x" })).status).toBe(400);
    expect((await comment({ name: "Dana", text: "x".repeat(2001) })).status).toBe(400);
    // A thread of another link is not found through this one.
    const elsewhere = (await (await comment({ name: "Lee", text: "Other render" }, other.token)).json()).comment;
    expect((await comment({ parentId: elsewhere.commentId, name: "Dana", text: "x" })).status).toBe(404);

    const decided = await asReviewer(link.token, "/decision", post({ decision: "changes_requested", name: "Dana", note: "See frame 2." }), from);
    expect(decided.status).toBe(201);
    expect((await decided.json()).decision).toMatchObject({ decision: "changes_requested", name: "Dana", note: "See frame 2." });

    const { review } = await (await asReviewer(link.token, "")).json();
    expect(review.comments.map((c: { text: string }) => c.text)).toEqual(["Too dark.\nBrighter?", "Agreed.", "Love this line."]);
    expect(review.comments.every((c: { linkId: string }) => c.linkId === link.linkId)).toBe(true);
    expect(review.decision).toMatchObject({ decision: "changes_requested", name: "Dana" });

    const renders = await (await owner.call("/api/renders")).json();
    expect(renders.find((r: { id: string }) => r.id === renderJobId).review).toEqual({ decision: "changes_requested", name: "Dana" });
    const links = (await (await owner.call(`/api/renders/${renderJobId}/review-links`)).json()).links;
    expect(links[0]).toMatchObject({ commentCount: 2, openCommentCount: 2, decision: { decision: "changes_requested", name: "Dana", note: "See frame 2." } });
  });

  it("answers 429 past the per-address and the per-link limits", async () => {
    const owner = await createTestUser();
    const { renderJobId } = await reviewableRender(owner);
    const link = await createLink(owner, renderJobId);
    const from = address();
    // The address's limit counts in fixed minutes (on the API server's clock, this machine's): start the eleven
    // posts early enough in one that they cannot straddle its edge, as they did once on a loaded machine.
    const secondsLeft = REVIEW_ADDRESS_LIMIT.windowSeconds - (Math.floor(Date.now() / 1000) % REVIEW_ADDRESS_LIMIT.windowSeconds);
    if (secondsLeft < 15) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 100));
    for (let i = 0; i < 10; i++) {
      expect((await asReviewer(link.token, "/comments", post({ name: "Bot", text: `note ${i}` }), from)).status).toBe(201);
    }
    const limited = await asReviewer(link.token, "/comments", post({ name: "Bot", text: "one more" }), from);
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toBe(REVIEW_MESSAGES.tooManyFromAddress);
    expect((await asReviewer(link.token, "/comments", post({ name: "Dana", text: "me too" }), address())).status).toBe(201);

    // The link's hour is used up (as 100 comments would): every address is refused.
    const nowSeconds = Math.floor(Date.now() / 1000);
    const windowStart = nowSeconds - (nowSeconds % REVIEW_LINK_LIMIT.windowSeconds);
    await db.entities.rateLimit.update({ key: `${REVIEW_LINK_LIMIT.action}#${link.linkId}`, windowStart }).set({ count: REVIEW_LINK_LIMIT.limit }).go();
    const full = await asReviewer(link.token, "/decision", post({ name: "Dana", decision: "approved" }), address());
    expect(full.status).toBe(429);
    expect((await full.json()).message).toBe(REVIEW_MESSAGES.tooManyOnLink);
  });
});
