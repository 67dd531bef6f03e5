/** A public showcase file's address outlives its publication by less than 5 minutes (issue 20). */
import { anonymous, json, promotedEntry, showcaseFields } from "../showcase/test-support";

const expiresAt = (location: string) => {
  const url = new URL(location);
  const date = url.searchParams.get("X-Amz-Date")!;
  const start = Date.parse(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`);
  return start + Number(url.searchParams.get("X-Amz-Expires")) * 1000;
};

describe("public showcase media after unpublishing", () => {
  it("a visitor's signed address and cached redirect together end within 5 minutes; the owner's stay long-lived", async () => {
    const { user, entry } = await promotedEntry();
    const res = await anonymous(`/api/media/${entry.videoUrl}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("cache-control")!)![1]);
    const lastUse = Date.now() + maxAge * 1000;
    expect(Math.max(lastUse, expiresAt(res.headers.get("location")!)) - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const own = await user.call(`/api/media/${entry.videoUrl}`, { redirect: "manual" });
    expect(Number(new URL(own.headers.get("location")!).searchParams.get("X-Amz-Expires"))).toBe(3600);

    // Unpublished: the next visitor gets nothing.
    await user.call(`/api/showcase/${entry.id}`, { method: "PUT", headers: json, body: JSON.stringify(showcaseFields({ isPublic: false })) });
    expect((await anonymous(`/api/media/${entry.videoUrl}`, { redirect: "manual" })).status).toBe(404);
  });
});
