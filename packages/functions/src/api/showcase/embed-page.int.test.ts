import { sharePageHtml } from "@storyboard/core/showcase/share";
import { anonymous, json, promotedEntry } from "./test-support";

/** docs/decisions.md#the-embed-page: the player alone, framed by anyone; every other page stays unframeable. */
const base = () => process.env.APP_URL!.replace(/\/$/, "");

describe("the embed page", () => {
  it("plays a public entry's video, and anyone may frame it, through the local server and the API route alike", async () => {
    const { entry } = await promotedEntry({ title: 'Fog & "Friends"' });
    for (const path of [`/embed/${entry.id}`, `/api/share/embed/${entry.id}`]) {
      const res = await anonymous(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("x-frame-options"), path).toBeNull();
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toContain("frame-ancestors *");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain("script-src");
      const html = await res.text();
      expect(html).toContain(`src="${base()}/api/media/${entry.videoUrl}"`);
      expect(html).toContain(`poster="${base()}/api/media/${entry.posterUrl}"`);
      expect(html).toContain("<title>Fog &amp; &quot;Friends&quot; · Storyboard</title>");
      expect(html).not.toContain("<script");
      // The page's one style is the one the policy allows by hash.
      const style = /<style>([^<]*)<\/style>/.exec(html)![1];
      const { createHash } = await import("node:crypto");
      expect(csp).toContain(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
    }
  });

  it("answers 404 for a hidden, unknown or video-less entry", async () => {
    const { user, entry } = await promotedEntry();
    await user.call(`/api/showcase/${entry.id}`, {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ title: "x", genre: "Drama", displayName: "y", isPublic: false }),
    });
    for (const path of [`/embed/${entry.id}`, "/embed/no-such-entry", `/api/share/embed/${entry.id}`, "/api/share/embed/no-such-entry"]) {
      const res = await anonymous(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain("This video is not available.");
    }
  });

  it("keeps every other page and answer unframeable", async () => {
    const { entry } = await promotedEntry();
    for (const path of [`/api/showcase/single/${entry.id}`, `/api/share/showcase/${entry.id}`, "/api/featured-showcase?limit=1", "/media/x"]) {
      const res = await anonymous(path);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("is the page the link preview's player and video name", async () => {
    const { entry } = await promotedEntry();
    const html = await sharePageHtml(entry.id, "<html><head><title>Storyboard</title></head><body></body></html>");
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
    expect(meta("twitter:player")).toBe(`${base()}/embed/${entry.id}`);
    expect(meta("og:video")).toBe(`${base()}/embed/${entry.id}`);
    expect(meta("og:video:type")).toBe("text/html");
    expect(meta("twitter:player:stream")).toBe(`${base()}/api/media/${entry.videoUrl}`);
  });
});
