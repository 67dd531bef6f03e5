import { randomUUID } from "node:crypto";
import { createTestUser } from "@storyboard/local/test/fixtures";
import { admin, anonymous, creator, json, promotedEntry, showcaseFields } from "./test-support";

/** A word no other test uses, so results can be counted exactly. */
const marker = () => `zq${randomUUID().slice(0, 8)}`;
const search = async (query: Record<string, string | number>) => {
  const res = await anonymous(`/api/showcase/search?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(res.status).toBe(200);
  return res.json();
};
const titles = (body: { entries: { title: string }[] }) => body.entries.map((e) => e.title);

describe("GET /api/showcase/search", () => {
  it("matches title, logline, display name and tags case-insensitively, public entries only, newest first", async () => {
    const word = marker();
    const user = await creator();
    await promotedEntry({ title: `Title ${word.toUpperCase()}` }, user);
    await promotedEntry({ title: "By logline", logline: `A story about ${word}.` }, user);
    await promotedEntry({ title: "By name", displayName: `Writer ${word}` }, user);
    const hidden = await promotedEntry({ title: `Hidden ${word}` }, user);
    await user.call(`/api/showcase/${hidden.entry.id}`, { method: "PUT", headers: json, body: JSON.stringify({ ...showcaseFields({ title: `Hidden ${word}` }), isPublic: false }) });
    const body = await search({ search: word });
    expect(titles(body)).toEqual(["By name", "By logline", `Title ${word.toUpperCase()}`]);
    expect(body.pagination).toMatchObject({ total: 3, pages: 1 });
    // Tags match as text too: the newest Whimsical entries include this one.
    const whimsical = await promotedEntry({ title: "Tag only", tags: ["Whimsical"] }, user);
    const tagged = await search({ search: "wHiMsIcAl", limit: 48 });
    expect(tagged.entries.map((e: { id: string }) => e.id)).toContain(whimsical.entry.id);
    const none = await search({ search: `${word}-nothing` });
    expect(none).toMatchObject({ entries: [], pagination: { total: 0, pages: 0 } });
  });

  it("filters by genre, subgenres and tags (comma lists) and pages 12 at a time", async () => {
    const word = marker();
    const user = await creator();
    for (let i = 0; i < 13; i++) await promotedEntry({ title: `${word} drama ${i}`, genre: "Drama", subgenres: ["War Drama"], tags: ["Dark"] }, user);
    await promotedEntry({ title: `${word} horror`, genre: "Horror", subgenres: ["Folk Horror", "Zombie"], tags: ["Eerie", "Rural"] }, user);
    await promotedEntry({ title: `${word} scifi`, genre: "Science Fiction", subgenres: ["Cyberpunk"], tags: ["Neon"] }, user);

    const first = await search({ search: word });
    expect(first.entries).toHaveLength(12);
    expect(first.pagination).toMatchObject({ total: 15, pages: 2 });
    const second = await search({ search: word, page: 2 });
    expect(titles(second)).toEqual([`${word} drama 2`, `${word} drama 1`, `${word} drama 0`]);
    expect((await search({ search: word, page: 3 })).entries).toEqual([]);

    expect((await search({ search: word, genre: "Drama", limit: 5 })).pagination).toEqual({ page: 1, limit: 5, total: 13, pages: 3 });
    expect(titles(await search({ search: word, genre: "Horror", subgenres: "Zombie,Slasher" }))).toEqual([`${word} horror`]);
    expect((await search({ search: word, genre: "Horror", subgenres: "Slasher" })).pagination.total).toBe(0);
    expect(titles(await search({ search: word, tags: "Neon,Rural" }))).toEqual([`${word} scifi`, `${word} horror`]);
    expect((await search({ search: word, tags: "Dark", genre: "Science Fiction" })).pagination.total).toBe(0);
  });

  it("refuses a bad page", async () => {
    const res = await anonymous("/api/showcase/search?page=0");
    expect(res.status).toBe(400);
  });
});

describe("featured showcase", () => {
  it("lets an admin add a public entry once and remove it; the list is public", async () => {
    const boss = await admin();
    const { entry } = await promotedEntry({ title: "Featured one" });
    const add = () => boss.call("/api/featured-showcase", { method: "POST", headers: json, body: JSON.stringify({ showcaseEntryId: entry.id }) });
    const listed = async () => ((await (await anonymous("/api/featured-showcase?limit=50")).json()) as { showcaseEntryId: string }[]).filter((f) => f.showcaseEntryId === entry.id);

    const added = await add();
    expect(added.status).toBe(200);
    expect((await added.json()).message).toBe("Showcase entry added to featured list");
    expect((await add()).status).toBe(200);
    const rows = await listed();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: entry.id,
      showcaseEntryId: entry.id,
      title: "Featured one",
      genre: "Drama",
      logline: entry.logline,
      thumbnailUrl: null,
      posterUrl: entry.posterUrl,
      videoUrl: entry.videoUrl,
      displayName: "Mara Quill",
      featuredAt: expect.any(String),
    });
    const limited = await (await anonymous("/api/featured-showcase?limit=1")).json();
    expect(limited).toHaveLength(1);

    const removed = await boss.call(`/api/featured-showcase/${entry.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await removed.json()).message).toBe("Featured showcase entry removed");
    expect(await listed()).toEqual([]);
    expect((await boss.call(`/api/featured-showcase/${entry.id}`, { method: "DELETE" })).status).toBe(200);
  });

  it("answers 404 for unknown entries, 400 for a blank id, and 403 or 401 to non-admins", async () => {
    const boss = await admin();
    const unknown = await boss.call("/api/featured-showcase", { method: "POST", headers: json, body: JSON.stringify({ showcaseEntryId: "no-such-entry" }) });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("No showcase entry has the ID no-such-entry.");
    expect((await boss.call("/api/featured-showcase/no-such-entry", { method: "DELETE" })).status).toBe(404);
    const blank = await boss.call("/api/featured-showcase", { method: "POST", headers: json, body: JSON.stringify({ showcaseEntryId: "  " }) });
    expect((await blank.json()).message).toBe("Please enter a showcase entry ID");

    const { user, entry } = await promotedEntry();
    const plain = await createTestUser();
    for (const who of [plain, user]) {
      expect((await who.call("/api/featured-showcase", { method: "POST", headers: json, body: JSON.stringify({ showcaseEntryId: entry.id }) })).status).toBe(403);
      expect((await who.call(`/api/featured-showcase/${entry.id}`, { method: "DELETE" })).status).toBe(403);
    }
    expect((await anonymous("/api/featured-showcase", { method: "POST", headers: json, body: JSON.stringify({ showcaseEntryId: entry.id }) })).status).toBe(401);

    await user.call(`/api/showcase/${entry.id}`, { method: "PUT", headers: json, body: JSON.stringify({ ...showcaseFields(), isPublic: false }) });
    const hidden = await boss.call("/api/featured-showcase", { method: "POST", headers: json, body: JSON.stringify({ showcaseEntryId: entry.id }) });
    expect(hidden.status).toBe(409);
  });
});
