/**
 * Who may read a media file, and the short-lived signed address that lets them
 * (docs/decisions.md#private-media). The media bucket is private everywhere:
 * a render's files go to its owner only, the files a public showcase entry
 * shows go to anyone, and either way through an S3 presigned GET that expires.
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { useActor } from "../actor";
import { config, localClientOptions } from "../config";
import { AppError } from "../error";
import { isPublicShowcaseMedia, isPublicShowcaseThumbnail } from "../showcase/entries";

/** A signed address works this long after its signing window starts. */
export const MEDIA_URL_LIFETIME_SECONDS = 60 * 60;
/** Addresses are signed as of the start of a 5-minute window, so repeated views reuse one URL (and the browser's cache). */
export const MEDIA_SIGNING_WINDOW_SECONDS = 5 * 60;

/** Files anyone may read that belong to no render. */
const PUBLIC_PREFIXES = ["tutorial/"];
const RENDER_FILE = /^renders\/([^/]+)\/([^/]+)\/[^?#]+$/;
/** A frame or line kept in the writer's asset store, which a revised render's blocks name as theirs (render/plan-reuse.ts): its owner's, and a public entry's thumbnail anyone's. */
const STORED_MEDIA = /^assets\/([^/]+)\/[^/]+\/(image|audio)\/[^/?#]+$/;

const NOT_FOUND = "File not found.";

let signer: S3Client | undefined;
/**
 * The client that signs: on AWS the bucket's own S3 endpoint; locally the app
 * server's `/media`, which checks the signature as S3 does (MEDIA_PUBLIC_ENDPOINT).
 */
const mediaSigningClient = () =>
  (signer ??= new S3Client({
    ...localClientOptions(config.mediaPublicEndpoint),
    forcePathStyle: Boolean(config.mediaPublicEndpoint),
    // Otherwise a presigned PUT carries the checksum of an empty body, and S3 refuses every real one.
    requestChecksumCalculation: "WHEN_REQUIRED",
  }));

/**
 * A presigned GET of a media file. The same inputs always give the same
 * address, which is how the local `/media` edge checks one it is shown.
 */
export function presignMediaGet(key: string, options: { contentDisposition?: string; signingDate: Date; expiresIn: number }) {
  const command = new GetObjectCommand({
    Bucket: config.mediaBucket,
    Key: key,
    ...(options.contentDisposition ? { ResponseContentDisposition: options.contentDisposition } : {}),
  });
  return getSignedUrl(mediaSigningClient(), command, { expiresIn: options.expiresIn, signingDate: options.signingDate });
}

/**
 * A presigned PUT of exactly `contentLength` bytes (the length is signed, so S3
 * refuses any other): how the browser sends a file larger than the API's body
 * limit straight to the bucket (docs/decisions.md#music-uploads-straight-to-the-bucket).
 */
export function presignMediaPut(key: string, options: { contentLength: number; signingDate: Date; expiresIn: number }) {
  const command = new PutObjectCommand({ Bucket: config.mediaBucket, Key: key, ContentLength: options.contentLength });
  return getSignedUrl(mediaSigningClient(), command, { expiresIn: options.expiresIn, signingDate: options.signingDate });
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A public showcase file read by someone else stops being readable within 5 minutes of unpublishing
 * (issue 20): signed per 2-minute window for 3 minutes, and the redirect cached for 1 minute at most.
 */
export const SHOWCASE_MEDIA = { windowSeconds: 2 * 60, lifetimeSeconds: 3 * 60, redirectMaxAge: 60 };
/**
 * A review link's files (docs/decisions.md#review-links): signed per 2-minute window for 5 minutes, so a
 * revoked link's video stops within 5 minutes; the review page asks for new addresses when one has ended.
 */
export const REVIEW_MEDIA = { windowSeconds: 2 * 60, lifetimeSeconds: 5 * 60 };
const LONG_LIVED = { windowSeconds: MEDIA_SIGNING_WINDOW_SECONDS, lifetimeSeconds: MEDIA_URL_LIFETIME_SECONDS, redirectMaxAge: 300 };
export type MediaLifetime = typeof LONG_LIVED;

/** How long the person asking may keep an address for `key`, or false when they may not read it. */
async function mayRead(key: string): Promise<MediaLifetime | false> {
  if (key.includes("..") || key.includes("//")) return false;
  if (PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix))) return LONG_LIVED;
  const actor = useActor();
  const stored = STORED_MEDIA.exec(key);
  if (stored) {
    if (actor.type === "user" && actor.userId === stored[1]) return LONG_LIVED;
    // Only a frame can be a thumbnail: a line is never looked up for someone else.
    return stored[2] === "image" && (await isPublicShowcaseThumbnail(stored[1], key)) ? SHOWCASE_MEDIA : false;
  }
  const render = RENDER_FILE.exec(key);
  if (!render) return false;
  if (actor.type === "user" && actor.userId === render[1]) return LONG_LIVED;
  return (await isPublicShowcaseMedia(render[2], key)) ? SHOWCASE_MEDIA : false;
}

/**
 * A signed address for `key` if the person asking may read it; a 404 otherwise
 * (another user's file looks exactly like a missing one). `download` names the
 * file the browser saves.
 */
export async function signedMediaUrl(key: string, download?: string): Promise<{ url: string; maxAge: number }> {
  const lifetime = await mayRead(key);
  if (!lifetime) throw AppError.notFound(NOT_FOUND);
  return { url: await signedWithin(key, lifetime, download), maxAge: lifetime.redirectMaxAge };
}

/**
 * The presigned GET of `key` for its current signing window, for a caller that has already decided the
 * reader may have it (the owner above, a review link's reader in review/reviewer.ts).
 */
export function signedWithin(key: string, lifetime: Omit<MediaLifetime, "redirectMaxAge">, download?: string): Promise<string> {
  const windowStart = Math.floor(Date.now() / 1000 / lifetime.windowSeconds) * lifetime.windowSeconds;
  return presignMediaGet(key, {
    contentDisposition: download ? attachment(download) : undefined,
    expiresIn: lifetime.lifetimeSeconds,
    signingDate: new Date(windowStart * 1000),
  });
}
