/**
 * `storyboard render --reuse DIR` and the project zip (docs/decisions.md#a-revised-zip-is-composed-from-the-previous-one):
 * the folder's `reuse/zip/` holds the index of its project.zip, seeded into the asset store with the other
 * stored kinds; this puts the folder's project.zip in the local S3 at the key the index names (linked into its
 * folder, s3-files.ts, with the ETag the index recorded: the same bytes), so the revised render composes its zip
 * from it as the product does.
 */
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { ZipIndex } from "@storyboard/core/media/zip-plan";
import { placeObject } from "../s3-files";

/** Answers whether the earlier render's zip was put back (false when the folder has no zip or no index of it). */
export async function seedPreviousZip(reuse: { userId: string; dir: string }, screenplayId: string, s3Dir: string): Promise<boolean> {
  const zipPath = join(reuse.dir, "..", "project.zip");
  const indexDir = join(reuse.dir, "zip");
  if (!existsSync(zipPath) || !existsSync(indexDir)) return false;
  // Named by the render's creation time: the newest is the folder's own project.zip.
  const newest = (await readdir(indexDir)).sort().at(-1);
  if (!newest) return false;
  const index = JSON.parse(await readFile(join(indexDir, newest), "utf8")) as ZipIndex;
  // Another zip than the one indexed (an older folder's index beside a newer zip) is not composed from.
  if (index.size !== (await stat(zipPath)).size) return false;
  const { objectTag, putObject } = await import("@storyboard/core/blob/s3");
  const { config } = await import("@storyboard/core/config");
  const { assetStoreKeys } = await import("@storyboard/core/revision/asset-store");
  // The index's ETag is the one the local S3 gave these bytes (an MD5 is computed for a malformed one).
  await placeObject(s3Dir, config.mediaBucket, index.zipKey, { file: zipPath, contentType: "application/zip", md5: index.etag });
  const etag = await objectTag(config.mediaBucket, index.zipKey);
  const key = assetStoreKeys.asset(reuse.userId, screenplayId, "zip", newest);
  await putObject(config.mediaBucket, key, JSON.stringify({ ...index, etag } satisfies ZipIndex), "application/json");
  return true;
}
