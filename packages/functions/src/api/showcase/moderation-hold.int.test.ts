/**
 * An admin's unpublish sticks (docs/product.md#showcase, moderation hold): the
 * owner cannot make the entry public again until an admin lifts the hold, a
 * held entry leaves the featured list, and publishing needs the features role
 * on every write path.
 */
import { db } from "@storyboard/core/dynamo/service";
import { createTestUser, type TestUser } from "@storyboard/local/test/fixtures";
import { admin, anonymous, json, promotedEntry, showcaseFields } from "./test-support";

const edit = (who: TestUser, id: string, extra: Record<string, unknown>) =>
  who.call(`/api/showcase/${id}`, { method: "PUT", headers: json, body: JSON.stringify(showcaseFields(extra)) });

async function reportAndUnpublish(entryId: string) {
  const viewer = await createTestUser();
  const reported = await viewer.call(`/api/showcase/${entryId}/report`, { method: "POST", headers: json, body: JSON.stringify({ reason: "spam" }) });
  expect(reported.status).toBe(200);
  const boss = await admin();
  const reports = (await (await boss.call("/api/admin/showcase-reports")).json()) as { id: string; showcaseEntryId: string }[];
  const report = reports.find((r) => r.showcaseEntryId === entryId)!;
  expect((await boss.call(`/api/admin/showcase-reports/${report.id}/unpublish`, { method: "POST" })).status).toBe(200);
  return boss;
}

const featuredIds = async () => ((await (await anonymous("/api/featured-showcase?limit=50")).json()) as { id: string }[]).map((e) => e.id);

describe("the moderation hold", () => {
  it("keeps an unpublished entry hidden from its owner's edits until an admin lifts it; it leaves the featured list", async () => {
    const { user: owner, entry } = await promotedEntry({ title: "Held one" });
    const boss = await admin();
    expect((await boss.call("/api/featured-showcase", { method: "POST", headers: json, body: JSON.stringify({ showcaseEntryId: entry.id }) })).status).toBe(200);
    expect(await featuredIds()).toContain(entry.id);

    await reportAndUnpublish(entry.id);
    const republish = await edit(owner, entry.id, { isPublic: true });
    expect(republish.status).toBe(403);
    expect((await republish.json()).message).toBe("Hidden by moderation: an admin must review this entry before it can be public again.");
    expect((await anonymous(`/api/showcase/single/${entry.id}`)).status).toBe(404);
    expect(await featuredIds()).not.toContain(entry.id);

    // The owner still sees it, marked, and may edit it while it stays hidden.
    const own = await (await owner.call(`/api/showcase/single/${entry.id}`)).json();
    expect(own).toMatchObject({ isPublic: false, heldByModeration: true });
    expect((await edit(owner, entry.id, { title: "Held one, fixed", isPublic: false })).status).toBe(200);

    // Admin Fixes lists it; Lift lets the owner publish again.
    const held = (await (await boss.call("/api/admin/showcase-holds")).json()) as { showcaseEntryId: string; title: string }[];
    expect(held.find((h) => h.showcaseEntryId === entry.id)).toMatchObject({ title: "Held one, fixed" });
    expect((await owner.call(`/api/admin/showcase-holds/${entry.id}/lift`, { method: "POST" })).status).toBe(403);
    expect((await boss.call(`/api/admin/showcase-holds/${entry.id}/lift`, { method: "POST" })).status).toBe(200);
    expect((await edit(owner, entry.id, { isPublic: true })).status).toBe(200);
    expect((await anonymous(`/api/showcase/single/${entry.id}`)).status).toBe(200);
    const after = (await (await boss.call("/api/admin/showcase-holds")).json()) as { showcaseEntryId: string }[];
    expect(after.map((h) => h.showcaseEntryId)).not.toContain(entry.id);
  });

  it("a user whose features role was revoked cannot publish", async () => {
    const { user: owner, entry } = await promotedEntry();
    expect((await edit(owner, entry.id, { isPublic: false })).status).toBe(200);
    await db.entities.user.patch({ userId: owner.userId }).set({ roles: [] }).go();
    const res = await edit(owner, entry.id, { isPublic: true });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Publishing to the showcase needs the features role.");
    expect((await anonymous(`/api/showcase/single/${entry.id}`)).status).toBe(404);
  });
});
