import { randomUUID } from "node:crypto";
import { db } from "@storyboard/core/dynamo/service";
import { REVIEW_MAIL_INTERVAL_MS, scheduleReviewMail, sendDueReviewMails } from "@storyboard/core/review/mail";
import { createTestUser, type TestUser } from "@storyboard/local/test/fixtures";
import { asReviewer, byToken, createLink, mailsTo, NIGHT_DESK, post, reviewableRender } from "./test-support";

/**
 * The links whose mails this file's sweeps send. Other integration files share the table and run alongside:
 * a sweep 30 minutes ahead across the whole table would mail (and mark mailed) their links too.
 */
const ownLinks = vi.hoisted(() => new Set<string>());
vi.mock("@storyboard/core/render/deadlines", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@storyboard/core/render/deadlines")>();
  const dueDeadlines: typeof actual.dueDeadlines = async (kind, at) =>
    (await actual.dueDeadlines(kind, at)).filter((d) => kind !== "reviewMail" || ownLinks.has(d.id));
  return { ...actual, dueDeadlines };
});

/** A link whose mails this file's sweeps may send. */
async function mailedLink(owner: TestUser, renderJobId: string) {
  const link = await createLink(owner, renderJobId);
  ownLinks.add(link.linkId);
  return link;
}

const address = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const comment = (token: string, body: Record<string, unknown>) => asReviewer(token, "/comments", post(body), address());

interface Comment {
  commentId: string;
  blockId: string | null;
  text: string;
  outdated: boolean;
  resolved: boolean;
  author: string;
  name: string;
  linkName?: string;
  atMs: number | null;
}

describe("review comments: the owner's side", () => {
  it("lists threads with the link's name, replies as the writer, resolves; another user gets 404", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const { renderJobId, blockIds } = await reviewableRender(owner);
    const link = await createLink(owner, renderJobId);
    const first = (await (await comment(link.token, { blockId: blockIds[1], name: "Dana", text: "Too dark." })).json()).comment as Comment;
    await asReviewer(link.token, "/decision", post({ decision: "approved", name: "Dana" }), address());

    const listed = await (await owner.call(`/api/renders/${renderJobId}/comments`)).json();
    expect(listed.comments).toEqual([expect.objectContaining({ commentId: first.commentId, linkName: "For Dana", blockId: blockIds[1], outdated: false })]);
    expect(listed.decisions).toEqual([expect.objectContaining({ decision: "approved", name: "Dana", note: null, linkId: link.linkId, linkName: "For Dana" })]);
    expect((await other.call(`/api/renders/${renderJobId}/comments`)).status).toBe(404);
    expect((await byToken(`/api/renders/${renderJobId}/comments`)).status).toBe(401);

    const replied = await owner.call(`/api/renders/${renderJobId}/comments`, post({ parentId: first.commentId, text: "Fixed in the next draft." }));
    expect(replied.status).toBe(201);
    expect((await replied.json()).comment).toMatchObject({ author: "owner", name: "Writer", parentId: first.commentId, blockId: blockIds[1], linkName: "For Dana" });
    expect((await other.call(`/api/renders/${renderJobId}/comments`, post({ parentId: first.commentId, text: "Mine" }))).status).toBe(404);
    const othersRender = await reviewableRender(other);
    expect((await other.call(`/api/renders/${othersRender.renderJobId}/comments`, post({ parentId: first.commentId, text: "Mine" }))).status).toBe(404);
    expect((await owner.call(`/api/renders/${renderJobId}/comments`, post({ parentId: randomUUID(), text: "x" }))).status).toBe(404);

    expect((await other.call(`/api/comments/${first.commentId}/resolve`, post({}))).status).toBe(404);
    expect((await byToken(`/api/comments/${first.commentId}/resolve`, post({}))).status).toBe(401);
    const resolved = await owner.call(`/api/comments/${first.commentId}/resolve`, post({}));
    expect(resolved.status).toBe(200);
    expect((await resolved.json()).comment).toMatchObject({ commentId: first.commentId, resolved: true });

    // The reviewer reads the reply and the resolved thread; the link counts no open thread.
    const { review } = await (await asReviewer(link.token, "")).json();
    expect(review.comments.map((c: Comment) => [c.author, c.text, c.resolved])).toEqual([
      ["reviewer", "Too dark.", true],
      ["owner", "Fixed in the next draft.", true],
    ]);
    // Both sides name the frames alike: the owner's list of names is the reviewer's strip.
    const { frames } = await (await owner.call(`/api/renders/${renderJobId}/comments`)).json();
    expect(frames).toEqual(review.frames.map(({ blockId, label }: { blockId: string; label: string }) => ({ blockId, label })));
    expect(frames[1].label).toMatch(/^Scene 1 Shot 1[A-Z]$/);
    const [listedLink] = (await (await owner.call(`/api/renders/${renderJobId}/review-links`)).json()).links;
    expect(listedLink).toMatchObject({ commentCount: 1, openCommentCount: 0 });
    const reopened = await owner.call(`/api/comments/${first.commentId}/resolve`, post({ resolved: false }));
    expect((await reopened.json()).comment.resolved).toBe(false);
  });

  it("shows comments of an earlier draft's render on the matching block of the new render, outdated where the block changed", async () => {
    const owner = await createTestUser();
    const screenplayId = randomUUID();
    const draft1 = await reviewableRender(owner, { screenplayId, createdAt: new Date(Date.now() - 60_000).toISOString() });
    const link = await createLink(owner, draft1.renderJobId);
    const kept = (await (await comment(link.token, { blockId: draft1.blockIds[2], atMs: 4300, name: "Dana", text: "Great line." })).json()).comment as Comment;
    const changed = (await (await comment(link.token, { blockId: draft1.blockIds[3], name: "Dana", text: "He should react." })).json()).comment as Comment;
    const general = (await (await comment(link.token, { name: "Dana", text: "Overall lovely." })).json()).comment as Comment;

    // Draft 2: a new line before MARA's (her block moves to b0004) and the last action rewritten.
    const draft2Blocks = [NIGHT_DESK[0], NIGHT_DESK[1], { type: "action", text: "Rain streaks the window." }, NIGHT_DESK[2], { type: "action", text: "He jolts awake." }];
    const draft2 = await reviewableRender(owner, { screenplayId, blocks: draft2Blocks });
    const { comments } = (await (await owner.call(`/api/renders/${draft2.renderJobId}/comments`)).json()) as { comments: Comment[] };
    const byId = new Map(comments.map((c) => [c.commentId, c]));
    expect(byId.get(kept.commentId)).toMatchObject({ blockId: "b0004", outdated: false, atMs: 6300 });
    expect(byId.get(changed.commentId)).toMatchObject({ blockId: "b0005", outdated: true });
    expect(byId.get(general.commentId)).toMatchObject({ blockId: null, outdated: false });

    // On its own render nothing moved; a render of another screenplay shows none of them.
    const own = (await (await owner.call(`/api/renders/${draft1.renderJobId}/comments`)).json()) as { comments: Comment[] };
    expect(own.comments.find((c) => c.commentId === changed.commentId)).toMatchObject({ blockId: "b0004", outdated: false });
    const unrelated = await reviewableRender(owner);
    expect((await (await owner.call(`/api/renders/${unrelated.renderJobId}/comments`)).json()).comments).toEqual([]);
    // The reviewer of draft 1's link still sees draft 1 only.
    const { review } = await (await asReviewer(link.token, "")).json();
    expect(review.frames).toHaveLength(4);
  });
});

describe("review e-mail to the owner", () => {
  it("batches activity: two comments within 10 minutes make one mail, the next waits 10 minutes", async () => {
    const owner = await createTestUser();
    const { renderJobId } = await reviewableRender(owner, { title: "Harbour Night" });
    const link = await mailedLink(owner, renderJobId);
    // Another file's link, due at once: this file's sweeps leave it to its own.
    const stranger = await createTestUser();
    const strangerLink = await createLink(stranger, (await reviewableRender(stranger)).renderJobId);
    await comment(strangerLink.token, { name: "Lee", text: "Not yours to mail." });
    await comment(link.token, { name: "Dana", text: "First note." });
    await comment(link.token, { name: "Sam", text: "Second note." });
    await asReviewer(link.token, "/decision", post({ decision: "changes_requested", name: "Dana", note: "Two frames." }), address());
    expect(await mailsTo(owner.email)).toEqual([]);

    const start = Date.now();
    await sendDueReviewMails(start);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Dana and Sam left review notes on "Harbour Night"');
    expect(mails[0].body.text).toContain('Dana: "First note."');
    expect(mails[0].body.text).toContain('Sam: "Second note."');
    expect(mails[0].body.text).toContain('Dana requested changes to "Harbour Night". Note: "Two frames."');
    expect(mails[0].body.text).toContain(`/renders/${renderJobId}`);
    expect(mails[0].body.text).not.toContain(link.token);

    await comment(link.token, { name: "Dana", text: "Third note." });
    await sendDueReviewMails(Date.now());
    await sendDueReviewMails(start + REVIEW_MAIL_INTERVAL_MS - 5_000);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    await sendDueReviewMails(start + REVIEW_MAIL_INTERVAL_MS + 5_000);
    const after = await mailsTo(owner.email);
    expect(after).toHaveLength(2);
    expect(after[1].body.text).toContain('Dana: "Third note."');
    expect(after[1].body.text).not.toContain("First note.");
    // Nothing new: nothing more.
    await sendDueReviewMails(start + 3 * REVIEW_MAIL_INTERVAL_MS);
    expect(await mailsTo(owner.email)).toHaveLength(2);
    expect(await mailsTo(stranger.email)).toEqual([]);
    await db.entities.deadline.delete({ kind: "reviewMail", id: strangerLink.linkId }).go();
  });

  it("a mail whose deadline could not be written is scheduled at the next activity: the link's mails never stop", async () => {
    const owner = await createTestUser();
    const { renderJobId } = await reviewableRender(owner);
    const link = await mailedLink(owner, renderJobId);
    const put = vi.spyOn(db.entities.deadline, "put").mockImplementationOnce(() => {
      throw new Error("storage refused the write");
    });
    await expect(scheduleReviewMail({ linkId: link.linkId })).rejects.toThrow("storage refused the write");
    put.mockRestore();
    await scheduleReviewMail({ linkId: link.linkId });
    const { data: deadline } = await db.entities.deadline.get({ kind: "reviewMail", id: link.linkId }).go();
    const { data: stored } = await db.entities.reviewLink.get({ linkId: link.linkId }).go();
    expect(deadline?.dueAt).toBeTruthy();
    expect(stored?.mailDueAt).toBe(deadline?.dueAt);
  });

  it("sends nothing to an owner who turned render e-mails off", async () => {
    const owner = await createTestUser();
    await db.entities.user.patch({ userId: owner.userId }).set({ notificationPreferences: { renderNotifications: false } }).go();
    const { renderJobId } = await reviewableRender(owner);
    const link = await mailedLink(owner, renderJobId);
    await comment(link.token, { name: "Dana", text: "A note." });
    await sendDueReviewMails(Date.now() + 1000);
    expect(await mailsTo(owner.email)).toEqual([]);
  });
});
