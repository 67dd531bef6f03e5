import { config } from "@storyboard/core/config";
import { siteFileFor } from "@storyboard/core/catalog/prerendered-pages";
import { sharePageHtml } from "@storyboard/core/showcase/share";
import { api } from "../../shared/handler";
import { RawReply } from "../../shared/http";

const pages = new Map<string, { html: string; at: number }>();
const PAGE_TTL_MS = 5 * 60_000;

/**
 * The site's page for a path (its prerendered page, else the app shell) from the site itself
 * (CloudFront's default behaviour), cached briefly per container.
 */
async function sitePage(pathname: string): Promise<string> {
  const file = siteFileFor(pathname);
  const cached = pages.get(file);
  if (cached && Date.now() - cached.at < PAGE_TTL_MS) return cached.html;
  const res = await fetch(new URL(file, config.appUrl));
  if (!res.ok) throw new Error(`The site's ${file} answered ${res.status}`);
  const html = await res.text();
  pages.set(file, { html, at: Date.now() });
  return html;
}

/**
 * GET /api/share/showcase/{id}: on AWS, CloudFront sends /showcase/{id} here
 * (docs/decisions.md#showcase) so link previews get Open Graph tags.
 */
export const handler = api({}, async ({ params }) => {
  const html = await sharePageHtml(params.id, await sitePage(`/showcase/${params.id}`));
  return new RawReply(200, new TextEncoder().encode(html), "text/html; charset=utf-8", { "cache-control": "public, max-age=60" });
});
