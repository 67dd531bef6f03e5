import { db } from "@storyboard/core/dynamo/service";
import { expireHostedRenders } from "@storyboard/core/jobs/hosting-expiry";
import { isPublicShowcaseRender } from "@storyboard/core/showcase/entries";
import { createTestUser } from "@storyboard/local/test/fixtures";
import { anonymous, creator, finishedRender, json, promote, promotedEntry, showcaseFields } from "./test-support";

describe("POST /api/showcase/promote", () => {
  it("makes one public entry of a finished render, keeping the render's media keys", async () => {
    const user = await creator();
    const render = await finishedRender(user);
    const res = await promote(user, render.renderJobId, { thumbnailUrl: render.images[1] });
    expect(res.status).toBe(200);
    const entry = await res.json();
    expect(entry).toMatchObject({
      renderJobId: render.renderJobId,
      userId: user.userId,
      title: "The Lighthouse Keeper",
      videoUrl: render.video,
      posterUrl: render.poster,
      thumbnailUrl: render.images[1],
      genre: "Drama",
      subgenres: ["Family Drama"],
      tags: ["Dark", "Small Town"],
      displayName: "Mara Quill",
      language: "English",
      isPublic: true,
    });
    expect(await isPublicShowcaseRender(render.renderJobId)).toBe(true);
    const again = await promote(user, render.renderJobId);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This render is already in the showcase.");
  });

  it("refuses without the features role (403), another user's render (404), and a render without a video (409)", async () => {
    const plain = await createTestUser();
    const own = await finishedRender(plain);
    expect((await promote(plain, own.renderJobId)).status).toBe(403);

    const user = await creator();
    const other = await creator();
    const theirs = await finishedRender(other);
    const stolen = await promote(user, theirs.renderJobId);
    expect(stolen.status).toBe(404);

    const noVideo = await finishedRender(user, { video: false });
    const refused = await promote(user, noVideo.renderJobId);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("Only a finished render with a video can be promoted to the showcase.");
    const failed = await finishedRender(user, { status: "failed" });
    expect((await promote(user, failed.renderJobId)).status).toBe(409);
    expect(await isPublicShowcaseRender(noVideo.renderJobId)).toBe(false);

    const anon = await anonymous("/api/showcase/promote", { method: "POST", headers: json, body: JSON.stringify({ renderJobId: own.renderJobId, ...showcaseFields() }) });
    expect(anon.status).toBe(401);
  });

  it("answers the spec's validation messages and takes the thumbnail only from this render's images", async () => {
    const user = await creator();
    const render = await finishedRender(user);
    const other = await finishedRender(user);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "Title is required"],
      [{ title: "x".repeat(101) }, "Title must be less than 100 characters"],
      [{ genre: "" }, "Genre is required"],
      [{ subgenres: ["Family Drama", "Legal Drama", "Medical Drama", "Period Piece", "War Drama"] }, "You can select up to 4 subgenres"],
      [{ displayName: "  " }, "Display name is required"],
      [{ displayName: "x".repeat(51) }, "Display name must be less than 50 characters"],
      [{ subgenres: ["Space Opera"] }, "Please choose subgenres of the selected genre"],
      [{ thumbnailUrl: other.images[0] }, "The thumbnail must be one of this render's images."],
    ];
    for (const [extra, message] of cases) {
      const res = await promote(user, render.renderJobId, extra);
      expect(res.status, message).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    // Nothing was half-written: the render can still be promoted.
    expect((await promote(user, render.renderJobId)).status).toBe(200);
  });
});

describe("PUT /api/showcase/{id} and the reads", () => {
  it("lets the owner edit and hide an entry; a hidden entry is 404 to everyone else", async () => {
    const { user, render, entry } = await promotedEntry();
    const edit = (who: typeof user, body: Record<string, unknown>) =>
      who.call(`/api/showcase/${entry.id}`, { method: "PUT", headers: json, body: JSON.stringify(body) });
    const changed = await edit(user, { ...showcaseFields({ title: "The Keeper", genre: "Horror", subgenres: ["Folk Horror"], logline: "" }), thumbnailUrl: render.poster, isPublic: false });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ title: "The Keeper", genre: "Horror", subgenres: ["Folk Horror"], logline: null, thumbnailUrl: render.poster, isPublic: false });

    const stranger = await createTestUser();
    expect((await edit(stranger, showcaseFields())).status).toBe(404);
    expect((await anonymous(`/api/showcase/single/${entry.id}`)).status).toBe(404);
    expect((await stranger.call(`/api/showcase/single/${entry.id}`)).status).toBe(404);
    const mine = await user.call(`/api/showcase/single/${entry.id}`);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ id: entry.id, isPublic: false, isOwner: true, thumbnailOptions: [render.poster, ...render.images] });
    expect(await isPublicShowcaseRender(render.renderJobId)).toBe(false);

    const bad = await edit(user, showcaseFields({ title: "" }));
    expect((await bad.json()).message).toBe("Title is required");
    expect((await edit(user, { ...showcaseFields(), isPublic: true })).status).toBe(200);
    const visible = await anonymous(`/api/showcase/single/${entry.id}`);
    expect(visible.status).toBe(200);
    const seen = await visible.json();
    expect(seen).toMatchObject({ title: "The Lighthouse Keeper", isOwner: false });
    expect(seen.thumbnailOptions).toBeUndefined();
    // Public again: back in the public index that search reads.
    await edit(user, { ...showcaseFields({ title: `Back ${entry.id}` }), isPublic: true });
    const back = await (await anonymous(`/api/showcase/search?search=${encodeURIComponent(`Back ${entry.id}`)}`)).json();
    expect(back.entries.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    await edit(user, { ...showcaseFields({ title: `Back ${entry.id}` }), isPublic: false });
    const gone = await (await anonymous(`/api/showcase/search?search=${encodeURIComponent(`Back ${entry.id}`)}`)).json();
    expect(gone.pagination.total).toBe(0);
  });

  it("lists a creator's public entries with limit and excludeId, and the owner's entry of a render", async () => {
    const first = await promotedEntry({ title: "One" });
    const second = await promotedEntry({ title: "Two" }, first.user);
    const third = await promotedEntry({ title: "Three" }, first.user);
    await first.user.call(`/api/showcase/${second.entry.id}`, { method: "PUT", headers: json, body: JSON.stringify({ ...showcaseFields({ title: "Two" }), isPublic: false }) });
    const list = await (await anonymous(`/api/showcase/by-user/${first.user.userId}?limit=6&excludeId=${third.entry.id}`)).json();
    expect(list.map((e: { title: string }) => e.title)).toEqual(["One"]);
    const limited = await (await anonymous(`/api/showcase/by-user/${first.user.userId}?limit=1`)).json();
    expect(limited.map((e: { title: string }) => e.title)).toEqual(["Three"]);

    const byRender = await first.user.call(`/api/showcase/by-render/${first.render.renderJobId}`);
    expect(await byRender.json()).toMatchObject({ id: first.entry.id });
    const stranger = await creator();
    expect((await stranger.call(`/api/showcase/by-render/${first.render.renderJobId}`)).status).toBe(404);
    expect((await anonymous(`/api/showcase/by-render/${first.render.renderJobId}`)).status).toBe(401);
    const unpromoted = await finishedRender(stranger);
    const none = await stranger.call(`/api/showcase/by-render/${unpromoted.renderJobId}`);
    expect(none.status).toBe(200);
    expect(await none.json()).toBeNull();
  });

  it("takes an entry out of public view when hosting expiry removes its render's files", async () => {
    const { user, render, entry } = await promotedEntry();
    const longAgo = new Date(Date.now() - 400 * 24 * 3600 * 1000).toISOString();
    await db.entities.renderJob.patch({ renderJobId: render.renderJobId }).set({ completedAt: longAgo }).go();
    await expireHostedRenders();
    expect((await anonymous(`/api/showcase/single/${entry.id}`)).status).toBe(404);
    const own = await (await user.call(`/api/showcase/single/${entry.id}`)).json();
    expect(own).toMatchObject({ isPublic: false, videoUrl: null });
    expect(await isPublicShowcaseRender(render.renderJobId)).toBe(false);
  });
});
