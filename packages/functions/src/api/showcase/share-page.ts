import { config } from "@storyboard/core/config";
import { sharePageHtml } from "@storyboard/core/showcase/share";
import { api } from "../../shared/handler";
import { RawReply } from "../../shared/http";

let shell: { html: string; at: number } | undefined;
const SHELL_TTL_MS = 5 * 60_000;

/** The app's index.html from the site itself (CloudFront's default behaviour), cached briefly per container. */
async function appShell(): Promise<string> {
  if (shell && Date.now() - shell.at < SHELL_TTL_MS) return shell.html;
  const res = await fetch(new URL("/index.html", config.appUrl));
  if (!res.ok) throw new Error(`The app shell answered ${res.status}`);
  shell = { html: await res.text(), at: Date.now() };
  return shell.html;
}

/**
 * GET /api/share/showcase/{id}: on AWS, CloudFront sends /showcase/{id} here
 * (docs/decisions.md#showcase) so link previews get Open Graph tags.
 */
export const handler = api({}, async ({ params }) => {
  const html = await sharePageHtml(params.id, await appShell());
  return new RawReply(200, new TextEncoder().encode(html), "text/html; charset=utf-8", { "cache-control": "public, max-age=60" });
});
