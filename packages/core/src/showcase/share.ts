/**
 * The share page of a public entry (docs/product.md#showcase): the app's own
 * HTML with Open Graph and Twitter player-card tags in its head, so a link
 * pasted into a chat or a social site shows the title, logline, poster and
 * video. Served for /showcase/{id} by the local server and, on AWS, by a
 * CloudFront behaviour in front of an API route (docs/decisions.md#showcase).
 */
import { config } from "../config";
import { getAspect } from "../catalog/aspects";
import { getEntryItem } from "./entries";
import { escapeHtml } from "../html";

const appUrl = () => config.appUrl.replace(/\/$/, "");

/** A stored media key as an absolute URL (crawlers need absolute ones). */
export function absoluteMediaUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const prefix = config.mediaUrlPrefix || "/media/";
  const base = /^https?:\/\//.test(prefix) ? prefix : `${appUrl()}/${prefix.replace(/^\//, "")}`;
  return `${base.replace(/\/$/, "")}/${path.replace(/^\//, "")}`;
}

export const shareUrl = (showcaseEntryId: string) => `${appUrl()}/showcase/${encodeURIComponent(showcaseEntryId)}`;

/** The entry's player alone, the page link previews frame (core/showcase/embed.ts). */
export const embedUrl = (showcaseEntryId: string) => `${appUrl()}/embed/${encodeURIComponent(showcaseEntryId)}`;

const FALLBACK_DESCRIPTION = "A creative screenplay visualization.";

/** The meta tags of a public entry, or none when it is missing or not public. */
export async function shareMetaTags(showcaseEntryId: string): Promise<string | undefined> {
  const entry = await getEntryItem(showcaseEntryId).catch(() => undefined);
  if (!entry || entry.isPublic === false) return undefined;
  const title = `${entry.title} · Storyboard`;
  const description = entry.logline?.trim() || FALLBACK_DESCRIPTION;
  const url = shareUrl(entry.showcaseEntryId);
  const image = entry.thumbnailUrl || entry.posterUrl;
  const video = entry.videoUrl ? absoluteMediaUrl(entry.videoUrl) : undefined;
  const { width, height } = getAspect(entry.aspect);
  const tags: [string, string, string][] = [
    ["property", "og:site_name", "Storyboard"],
    ["property", "og:type", video ? "video.other" : "website"],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", url],
    ["name", "description", description],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
  ];
  if (image) {
    tags.push(["property", "og:image", absoluteMediaUrl(image)], ["name", "twitter:image", absoluteMediaUrl(image)]);
  }
  if (video) {
    // The player is the embed page, the one page anyone may frame (docs/decisions.md#the-embed-page).
    const player = embedUrl(entry.showcaseEntryId);
    tags.push(
      ["property", "og:video", player],
      ["property", "og:video:secure_url", player],
      ["property", "og:video:type", "text/html"],
      ["property", "og:video:width", String(width)],
      ["property", "og:video:height", String(height)],
      ["name", "twitter:card", "player"],
      ["name", "twitter:player", player],
      ["name", "twitter:player:width", String(width)],
      ["name", "twitter:player:height", String(height)],
      ["name", "twitter:player:stream", video],
      ["name", "twitter:player:stream:content_type", "video/mp4"],
    );
  } else {
    tags.push(["name", "twitter:card", image ? "summary_large_image" : "summary"]);
  }
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ].join("\n    ");
}

/**
 * The app's HTML with the entry's tags in place of its generic title and
 * description; unchanged for anything that is not a public entry.
 */
export async function sharePageHtml(showcaseEntryId: string, appHtml: string): Promise<string> {
  const tags = await shareMetaTags(showcaseEntryId);
  if (!tags) return appHtml;
  // Replacer functions: a string replacement would read `$``, `$'` and `$&` in the entry's text as patterns.
  return appHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, () => "")
    .replace(/<meta\s+name="description"[^>]*>\s*/i, () => "")
    .replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}
