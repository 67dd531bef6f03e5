/**
 * `storyboard render --reuse DIR` (docs/decisions.md#incremental-compile): an
 * output folder keeps, in `reuse/`, the writer's asset store of that render
 * (every image, line of speech and encoded video segment under its content
 * key) and the owner the keys were made for. A later render of a revised
 * draft runs as that owner with the store put back, so it makes only what
 * changed, exactly as the product does between drafts.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isEtag, linkOrCopy, placeObject, storedKeys, storedObjectsUnder } from "../s3-files";
import { seedPreviousZip } from "./previous-zip";

export const REUSE_FOLDER = "reuse";
const MANIFEST = "manifest.json";
const KINDS = ["image", "audio", "segment", "poster", "mix", "zip"] as const;
/** Files moved at once between the folder and the local S3 (one by one, a 112-page store took minutes each way). */
const TRANSFERS = 8;

interface Manifest {
  userId: string;
  /** Per stored file (`kind/contentKey`), its content type. */
  contentTypes: Record<string, string>;
  /** The store's facts of its assets (revision/asset-store.ts storedFacts): names of empty objects. A folder written before them has none. */
  facts?: string[];
  /** Per stored file, its ETag in the local S3 (the MD5 of its bytes, or a multipart upload's tag), so seeding need not read them. A folder written before them has none. */
  md5s?: Record<string, string>;
  /** Every character's place in the cast, by name, the names of earlier drafts included (render/cast-order.ts placeCast). */
  cast?: Record<string, number>;
  /**
   * The render's voices by character name (the narrator's under its key): a revised draft keeps them, as its
   * carry-over does on the web (revision/carry-over.ts). A folder written before them has none.
   */
  voices?: Record<string, string>;
}

/**
 * The voices a `--reuse` render starts from: the earlier render's, for the characters who still speak and the
 * narrator, then the ones chosen with `--voice`. Without them, a line added for one character could change who
 * speaks most and so swap two characters' automatic voices, and every line of theirs would be made again.
 */
export function carriedVoices(
  reuse: Pick<Manifest, "voices"> | undefined,
  speakers: Record<string, { isSpeaker?: boolean }>,
  narratorKey: string,
  chosen: Record<string, string>,
): Record<string, string> {
  const kept = Object.entries(reuse?.voices ?? {}).filter(([name]) => name === narratorKey || speakers[name]?.isSpeaker);
  return { ...Object.fromEntries(kept), ...chosen };
}

/** The owner and stored files of an earlier output folder; a clear error when it has none. */
export async function readReuseFolder(outDir: string): Promise<Manifest & { dir: string }> {
  const dir = join(outDir, REUSE_FOLDER);
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) throw new Error(`${outDir} holds no reusable render (no ${REUSE_FOLDER}/${MANIFEST}): render it again first.`);
  const manifest = JSON.parse(await readFile(path, "utf8")) as Manifest;
  if (typeof manifest.userId !== "string" || typeof manifest.contentTypes !== "object") throw new Error(`${path} is not a reuse manifest.`);
  return { ...manifest, dir };
}

/**
 * Puts the earlier render's store back under the new screenplay, before the render starts: placed in the local S3's
 * folder `s3Dir` (s3-files.ts) as a PUT would have stored it, each file linked with the ETag the manifest recorded
 * (a folder written before it recorded them has each file's MD5 computed here).
 */
export async function seedAssetStore(reuse: Manifest & { dir: string }, screenplayId: string, s3Dir: string): Promise<number> {
  const { config } = await import("@storyboard/core/config");
  const { assetStoreKeys } = await import("@storyboard/core/revision/asset-store");
  const { mapWithLimit } = await import("@storyboard/core/render/concurrency");
  const files: { kind: (typeof KINDS)[number]; key: string }[] = [];
  for (const kind of KINDS) {
    const folder = join(reuse.dir, kind);
    if (existsSync(folder)) files.push(...(await readdir(folder)).map((key) => ({ kind, key })));
  }
  await mapWithLimit(files, TRANSFERS, ({ kind, key }) =>
    placeObject(s3Dir, config.mediaBucket, assetStoreKeys.asset(reuse.userId, screenplayId, kind, key), {
      file: join(reuse.dir, kind, key),
      contentType: reuse.contentTypes[`${kind}/${key}`] ?? "application/octet-stream",
      md5: reuse.md5s?.[`${kind}/${key}`],
    }),
  );
  const facts = assetStoreKeys.facts(reuse.userId, screenplayId);
  await mapWithLimit(reuse.facts ?? [], TRANSFERS, (name) =>
    placeObject(s3Dir, config.mediaBucket, `${facts}${name}`, { bytes: new Uint8Array(0), contentType: "application/octet-stream" }),
  );
  await seedPreviousZip(reuse, screenplayId, s3Dir);
  return files.length;
}

/**
 * Gives the new screenplay's characters the places they had in the earlier render's cast (new names after
 * them), as a revised draft's carry-over does (docs/decisions.md#the-cast-keeps-its-places), before the render
 * reads them; answers the cast to keep for the next `--reuse`.
 */
export async function carryCast(reuse: Manifest | undefined, screenplayId: string): Promise<Record<string, number>> {
  const { db } = await import("@storyboard/core/dynamo/service");
  const { placeCast } = await import("@storyboard/core/render/cast-order");
  const screenplay = (await db.entities.screenplay.get({ screenplayId }).go()).data!;
  const dictionary = (screenplay.characterDictionary ?? {}) as Record<string, { lines?: number; castIndex?: number }>;
  const places = placeCast(reuse?.cast ?? {}, dictionary);
  if (reuse?.cast) {
    const placed = Object.fromEntries(Object.entries(dictionary).map(([name, c]) => [name, { ...c, castIndex: places[name] }]));
    await db.entities.screenplay.patch({ screenplayId }).set({ characterDictionary: placed }).go();
  }
  return { ...reuse?.cast, ...places };
}

/**
 * Writes this render's store (all it made and reused) into `outDir/reuse/`, for the next `--reuse`, with each file's
 * ETag for the next seeding: every file linked out of the local S3's folder `s3Dir` (s3-files.ts), where a file
 * seeded from the earlier folder (`from`) is that folder's own, linked in.
 */
export async function writeReuseFolder(
  outDir: string,
  owner: { userId: string; screenplayId: string; cast: Record<string, number>; voices: Record<string, string> },
  s3Dir: string,
  from?: Manifest & { dir: string },
): Promise<void> {
  const { userId, screenplayId, cast, voices } = owner;
  const { config } = await import("@storyboard/core/config");
  const { assetStoreKeys } = await import("@storyboard/core/revision/asset-store");
  const { mapWithLimit } = await import("@storyboard/core/render/concurrency");
  const dir = join(outDir, REUSE_FOLDER);
  const contentTypes: Record<string, string> = {};
  const md5s: Record<string, string> = {};
  // The kinds at once, each read from the local S3's folder: a listing through S3 reads every object's headers too.
  const copyKind = async (kind: (typeof KINDS)[number]) => {
    const objects = await storedObjectsUnder(s3Dir, config.mediaBucket, `${assetStoreKeys.folder(userId, screenplayId)}${kind}/`);
    if (objects.length) await mkdir(join(dir, kind), { recursive: true });
    await mapWithLimit(objects, TRANSFERS, async ({ key, file, contentType, tag }) => {
      const name = `${kind}/${key.split("/").pop()!}`;
      const [target, earlier] = [join(dir, name), from && join(from.dir, name)];
      if (isEtag(tag)) md5s[name] = tag;
      contentTypes[name] = contentType;
      // The folder written over is the earlier one (`--reuse DIR --out DIR`): its file is already there.
      if (earlier === target && existsSync(earlier)) return;
      await linkOrCopy(file, target);
    });
  };
  const factsFolder = assetStoreKeys.facts(userId, screenplayId);
  const [facts] = await Promise.all([
    storedKeys(s3Dir, config.mediaBucket, factsFolder).then((keys) => keys.map((key) => key.slice(factsFolder.length))),
    ...KINDS.map(copyKind),
  ]);
  await mkdir(dir, { recursive: true });
  const sorted = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
  const manifest: Manifest = { userId, contentTypes: sorted(contentTypes), md5s: sorted(md5s), facts, cast, voices };
  await writeFile(join(dir, MANIFEST), JSON.stringify(manifest));
}
