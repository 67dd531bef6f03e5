/**
 * The embed page of a public entry (docs/decisions.md#the-embed-page): the
 * player alone, the page `twitter:player` and `og:video` name, the one page of
 * the site that anyone may show in a frame. Served for /embed/{id} by the
 * local server and, on AWS, by a CloudFront behaviour in front of an API route.
 */
import { escapeHtml } from "../html";
import { getEntryItem } from "./entries";
import { EMBED_STYLE } from "./embed-style";
import { absoluteMediaUrl, shareUrl } from "./share";

const page = (title: string, body: string, canonical?: string) =>
  [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<meta name="robots" content="noindex" />',
    `<title>${escapeHtml(title)}</title>`,
    ...(canonical ? [`<link rel="canonical" href="${escapeHtml(canonical)}" />`] : []),
    `<style>${EMBED_STYLE}</style>`,
    "</head>",
    `<body>${body}</body>`,
    "</html>",
  ].join("\n");

/** What /embed/{id} answers: the player of a public entry with a video, else 404 with a line that says so. */
export async function embedPage(showcaseEntryId: string): Promise<{ status: 200 | 404; html: string }> {
  const entry = await getEntryItem(showcaseEntryId).catch(() => undefined);
  if (!entry || entry.isPublic === false || !entry.videoUrl) {
    return { status: 404, html: page("Not found · Storyboard", "<p>This video is not available.</p>") };
  }
  const title = `${entry.title} · Storyboard`;
  const poster = entry.posterUrl || entry.thumbnailUrl;
  const video = [
    "<video controls playsinline preload=\"metadata\"",
    ` src="${escapeHtml(absoluteMediaUrl(entry.videoUrl))}"`,
    poster ? ` poster="${escapeHtml(absoluteMediaUrl(poster))}"` : "",
    ` title="${escapeHtml(entry.title)}"></video>`,
  ].join("");
  return { status: 200, html: page(title, video, shareUrl(entry.showcaseEntryId)) };
}
