/**
 * `storyboard render --reuse DIR` (docs/decisions.md#incremental-compile): an
 * output folder keeps, in `reuse/`, the writer's asset store of that render
 * (every image, line of speech and encoded video segment under its content
 * key) and the owner the keys were made for. A later render of a revised
 * draft runs as that owner with the store put back, so it makes only what
 * changed, exactly as the product does between drafts.
 */
import { constants, existsSync } from "node:fs";
import { copyFile, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
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
  /** Every character's place in the cast, by name, the names of earlier drafts included (render/cast-order.ts placeCast). */
  cast?: Record<string, number>;
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

/** Puts the earlier render's store back under the new screenplay, before the render starts. */
export async function seedAssetStore(reuse: Manifest & { dir: string }, screenplayId: string): Promise<number> {
  const { putObject } = await import("@storyboard/core/blob/s3");
  const { config } = await import("@storyboard/core/config");
  const { assetStoreKeys } = await import("@storyboard/core/revision/asset-store");
  const { mapWithLimit } = await import("@storyboard/core/render/concurrency");
  const files: { kind: (typeof KINDS)[number]; key: string }[] = [];
  for (const kind of KINDS) {
    const folder = join(reuse.dir, kind);
    if (existsSync(folder)) files.push(...(await readdir(folder)).map((key) => ({ kind, key })));
  }
  await mapWithLimit(files, TRANSFERS, async ({ kind, key }) =>
    putObject(
      config.mediaBucket,
      assetStoreKeys.asset(reuse.userId, screenplayId, kind, key),
      await readFile(join(reuse.dir, kind, key)),
      reuse.contentTypes[`${kind}/${key}`] ?? "application/octet-stream",
    ),
  );
  await seedPreviousZip(reuse, screenplayId);
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
 * Writes this render's store (all it made and reused) into `outDir/reuse/`, for the next `--reuse`. A file the
 * earlier folder (`from`) holds is copied from there (a content key names the same bytes), not read back from S3.
 */
export async function writeReuseFolder(
  outDir: string,
  owner: { userId: string; screenplayId: string; cast: Record<string, number> },
  from?: Manifest & { dir: string },
): Promise<void> {
  const { userId, screenplayId, cast } = owner;
  const { listKeys } = await import("@storyboard/core/blob/s3");
  const { config } = await import("@storyboard/core/config");
  const { assetStoreKeys, findAsset } = await import("@storyboard/core/revision/asset-store");
  const { mapWithLimit } = await import("@storyboard/core/render/concurrency");
  const dir = join(outDir, REUSE_FOLDER);
  const contentTypes: Record<string, string> = {};
  for (const kind of KINDS) {
    const keys = await listKeys(config.mediaBucket, `${assetStoreKeys.folder(userId, screenplayId)}${kind}/`);
    if (keys.length) await mkdir(join(dir, kind), { recursive: true });
    await mapWithLimit(keys, TRANSFERS, async (key) => {
      const contentKey = key.split("/").pop()!;
      const name = `${kind}/${contentKey}`;
      if (from && from.userId === userId && from.contentTypes[name] && existsSync(join(from.dir, name))) {
        // A copy-on-write clone where the file system has them, else a plain copy.
        await copyFile(join(from.dir, name), join(dir, name), constants.COPYFILE_FICLONE);
        contentTypes[name] = from.contentTypes[name];
        return;
      }
      const asset = await findAsset(userId, screenplayId, kind, contentKey);
      if (!asset) return;
      await writeFile(join(dir, name), asset.bytes);
      contentTypes[name] = asset.contentType;
    });
  }
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, MANIFEST), JSON.stringify({ userId, contentTypes, cast } satisfies Manifest));
}
