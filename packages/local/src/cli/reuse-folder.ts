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

export const REUSE_FOLDER = "reuse";
const MANIFEST = "manifest.json";
const KINDS = ["image", "audio", "segment"] as const;

interface Manifest {
  userId: string;
  /** Per stored file (`kind/contentKey`), its content type. */
  contentTypes: Record<string, string>;
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
  let count = 0;
  for (const kind of KINDS) {
    const folder = join(reuse.dir, kind);
    if (!existsSync(folder)) continue;
    for (const key of await readdir(folder)) {
      const type = reuse.contentTypes[`${kind}/${key}`] ?? "application/octet-stream";
      await putObject(
        config.mediaBucket,
        assetStoreKeys.asset(reuse.userId, screenplayId, kind, key),
        await readFile(join(folder, key)),
        type,
      );
      count++;
    }
  }
  return count;
}

/** Writes this render's store (all it made and reused) into `outDir/reuse/`, for the next `--reuse`. */
export async function writeReuseFolder(outDir: string, userId: string, screenplayId: string): Promise<void> {
  const { listKeys } = await import("@storyboard/core/blob/s3");
  const { config } = await import("@storyboard/core/config");
  const { assetStoreKeys, findAsset } = await import("@storyboard/core/revision/asset-store");
  const dir = join(outDir, REUSE_FOLDER);
  const contentTypes: Record<string, string> = {};
  for (const kind of KINDS) {
    const keys = await listKeys(config.mediaBucket, `${assetStoreKeys.folder(userId, screenplayId)}${kind}/`);
    if (keys.length) await mkdir(join(dir, kind), { recursive: true });
    for (const key of keys) {
      const contentKey = key.split("/").pop()!;
      const asset = await findAsset(userId, screenplayId, kind, contentKey);
      if (!asset) continue;
      await writeFile(join(dir, kind, contentKey), asset.bytes);
      contentTypes[`${kind}/${contentKey}`] = asset.contentType;
    }
  }
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, MANIFEST), JSON.stringify({ userId, contentTypes } satisfies Manifest));
}
