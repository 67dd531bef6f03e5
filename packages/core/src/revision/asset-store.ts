import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { imageExtension } from "../blob/keys";
import { copyObject, deletePrefix, isMissingObject, listKeys, putObject, putObjectIfAbsent, s3 } from "../blob/s3";
import { config } from "../config";
import { readWavInfo } from "../media/wav";

/**
 * The per-user store of reusable assets (docs/decisions.md#revised-drafts):
 * every image and line of speech a render makes is also kept under its
 * content key, in the owner's folder and the screenplay's, so a render of a
 * later draft copies what is unchanged instead of making it again, and
 * deleting the screenplay deletes its assets.
 */
export type StoredKind = "image" | "audio" | "segment" | "poster" | "mix" | "zip";

export const assetStoreKeys = {
  folder: (userId: string, screenplayId: string) => `assets/${userId}/${screenplayId}/`,
  asset: (userId: string, screenplayId: string, kind: StoredKind, contentKey: string) =>
    `assets/${userId}/${screenplayId}/${kind}/${contentKey}`,
  /** The kept assets' facts (`assetFactsName`), one empty object each: listed, never read. */
  facts: (userId: string, screenplayId: string) => `assets/${userId}/${screenplayId}/facts/`,
};

/**
 * The name an asset is kept under in its kind's folder: its content key, and a picture's extension after it
 * (`image/{contentKey}.png`), so a render can name a stored frame as its block's own and every file name made
 * from the key (the zip's, the timelines') ends as the picture is (docs/decisions.md#a-reused-frame-is-named-not-copied).
 * A frame kept before has no extension.
 */
const storedName = (kind: StoredKind, contentKey: string, contentType: string) =>
  kind === "image" ? `${contentKey}${imageExtension(contentType)}` : contentKey;

/** The content key of a name in a kind's folder: a picture's without its extension. */
const contentKeyOf = (kind: StoredKind, name: string) => (kind === "image" ? name.replace(/\.[a-z]+$/, "") : name);

/** Where the asset of `contentKey` is kept, or undefined: one short listing finds a picture whatever its extension. */
async function locateAsset(userId: string, screenplayId: string, kind: StoredKind, contentKey: string) {
  const key = assetStoreKeys.asset(userId, screenplayId, kind, contentKey);
  if (kind !== "image") return key;
  const out = await s3().send(new ListObjectsV2Command({ Bucket: config.mediaBucket, Prefix: key, MaxKeys: 10 }));
  const found = (out.Contents ?? []).flatMap((o) => (o.Key === key || o.Key?.startsWith(`${key}.`) ? [o.Key] : []));
  // A frame kept with its extension is the one named by renders; one kept before it, the rest.
  return found.sort((a, b) => b.length - a.length)[0];
}

export interface StoredAsset {
  bytes: Uint8Array;
  contentType: string;
}

/** The stored asset, or undefined when nothing was kept under that key. */
export async function findAsset(
  userId: string,
  screenplayId: string,
  kind: StoredKind,
  contentKey: string,
): Promise<StoredAsset | undefined> {
  const key = await locateAsset(userId, screenplayId, kind, contentKey);
  if (!key) return undefined;
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }));
    return { bytes: await out.Body!.transformToByteArray(), contentType: out.ContentType ?? "application/octet-stream" };
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw error;
  }
}

/**
 * The content keys kept of one kind, each with the name it is kept under (`assetStoreKeys.asset` of that name is
 * its key): one listing (a page per 1,000) instead of a lookup per asset that may not exist.
 */
export async function storedContentKeys(userId: string, screenplayId: string, kind: StoredKind): Promise<Map<string, string>> {
  const folder = `${assetStoreKeys.folder(userId, screenplayId)}${kind}/`;
  const names = (await listKeys(config.mediaBucket, folder)).map((key) => key.slice(folder.length));
  // Sorted so a frame kept with its extension ("k.png") comes after one kept before it ("k") and wins.
  return new Map(names.sort().map((name) => [contentKeyOf(kind, name), name]));
}

/** A stored asset's key, type, length and first `headBytes` bytes (a WAV's header), without the rest; undefined when none is kept. `storedAs` is its name in the kind's folder (`storedContentKeys`). */
export async function peekAsset(userId: string, screenplayId: string, kind: StoredKind, storedAs: string, headBytes: number) {
  const key = assetStoreKeys.asset(userId, screenplayId, kind, storedAs);
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: key, Range: `bytes=0-${headBytes - 1}` }));
    const head = await out.Body!.transformToByteArray();
    // "bytes 0-43/123456": the whole object's length is after the slash.
    const size = Number(out.ContentRange?.split("/")[1] ?? head.length);
    return { key, contentType: out.ContentType ?? "application/octet-stream", size, head };
  } catch (error) {
    // An empty object answers a range with 416: nothing worth taking.
    if (isMissingObject(error) || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return undefined;
    throw error;
  }
}

/**
 * Keeps an asset under its content key, then its facts beside it (`storedFacts`). A kept asset is never replaced:
 * later renders' blocks may name it as their own line (render/plan-reuse.ts), so another recording of the same
 * content key (two renders made it at once) is not kept, and neither are its facts, which could differ.
 */
export async function keepAsset(userId: string, screenplayId: string, kind: StoredKind, contentKey: string, asset: StoredAsset) {
  const facts = `${assetStoreKeys.facts(userId, screenplayId)}${assetFactsName(kind, contentKey, assetFactsOf(asset))}`;
  const key = assetStoreKeys.asset(userId, screenplayId, kind, storedName(kind, contentKey, asset.contentType));
  if (!(await putObjectIfAbsent(config.mediaBucket, key, asset.bytes, asset.contentType))) return;
  await putObject(config.mediaBucket, facts, new Uint8Array(0), "application/octet-stream");
}

/**
 * What PlanBlocks needs of a kept asset without reading it: its content type (a frame's file name ends with it) and,
 * for a WAV, its length in whole milliseconds, as a reused line is timed (render/generate.ts).
 */
export interface AssetFacts {
  contentType: string;
  durationMs?: number;
}

export function assetFactsOf(asset: StoredAsset): AssetFacts {
  if (asset.contentType !== "audio/wav") return { contentType: asset.contentType };
  try {
    return { contentType: asset.contentType, durationMs: Math.round(readWavInfo(asset.bytes).durationMs) };
  } catch {
    // Not a WAV the mixer reads: no length to record, so whoever takes it reads it and fails as before.
    return { contentType: asset.contentType };
  }
}

/**
 * The facts of one kept asset as the name of an empty object (`audio/<contentKey>~audio~wav~1840`): S3 lists no
 * user metadata, so a key is the one place a listing of every asset's facts can carry them.
 */
export const assetFactsName = (kind: StoredKind, contentKey: string, facts: AssetFacts) =>
  [`${kind}/${contentKey}`, ...facts.contentType.split("/", 2), ...(facts.durationMs === undefined ? [] : [facts.durationMs])].join("~");

/** The asset (`kind/contentKey`) and facts a name of `assetFactsName` carries; undefined for a name it did not make. */
export function parseAssetFactsName(name: string): { asset: string; facts: AssetFacts } | undefined {
  const [asset, type, subtype, duration, ...rest] = name.split("~");
  if (!asset?.includes("/") || !type || !subtype || rest.length) return undefined;
  const facts: AssetFacts = { contentType: `${type}/${subtype}` };
  if (duration === undefined) return { asset, facts };
  if (!/^\d+$/.test(duration)) return undefined;
  return { asset, facts: { ...facts, durationMs: Number(duration) } };
}

/** Every kept asset's facts, by `kind/contentKey`, from one listing; an asset kept before facts were has none (peek it). */
export async function storedFacts(userId: string, screenplayId: string): Promise<Map<string, AssetFacts>> {
  const folder = assetStoreKeys.facts(userId, screenplayId);
  const facts = new Map<string, AssetFacts>();
  for (const key of await listKeys(config.mediaBucket, folder)) {
    const parsed = parseAssetFactsName(key.slice(folder.length));
    if (parsed) facts.set(parsed.asset, parsed.facts);
  }
  return facts;
}

/**
 * Encoded video segments (media/content-segments.ts) and posters are copied inside S3, never through the task:
 * `reuseCopy` puts the stored one at `to` (false when none is stored), `keepCopy` stores the one at `from`.
 */
type CopiedKind = "segment" | "poster";
export const reuseCopy = (kind: CopiedKind, owner: { userId: string; screenplayId: string }, contentKey: string, to: string) =>
  copyObject(config.mediaBucket, assetStoreKeys.asset(owner.userId, owner.screenplayId, kind, contentKey), to);

export async function keepCopy(kind: CopiedKind, owner: { userId: string; screenplayId: string }, contentKey: string, from: string) {
  if (!(await copyObject(config.mediaBucket, from, assetStoreKeys.asset(owner.userId, owner.screenplayId, kind, contentKey))))
    throw new Error(`No ${kind} at ${from} to keep`);
}

export const reuseSegment = (userId: string, screenplayId: string, contentKey: string, to: string) =>
  reuseCopy("segment", { userId, screenplayId }, contentKey, to);
export const keepSegment = (userId: string, screenplayId: string, contentKey: string, from: string) =>
  keepCopy("segment", { userId, screenplayId }, contentKey, from);

export async function deleteScreenplayAssets(userId: string, screenplayId: string) {
  await deletePrefix(config.mediaBucket, assetStoreKeys.folder(userId, screenplayId));
}
