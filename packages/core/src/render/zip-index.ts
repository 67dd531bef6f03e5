/**
 * The project zip's index in the writer's asset store (docs/decisions.md#a-revised-zip-is-composed-from-the-previous-one):
 * `assets/{user}/{screenplay}/zip/{createdAt digits}-{renderJobId}.json`, named so the newest sorts last. The next
 * render of the screenplay composes its zip from the newest whose zip is still there with the same ETag.
 * Deleting the screenplay deletes them with its other assets.
 */
import { deleteKeys, getObjectJson, isMissingObject, listKeys, objectTag, putObject } from "../blob/s3";
import { config } from "../config";
import type { ZipIndex } from "../media/zip-plan";
import { assetStoreKeys } from "../revision/asset-store";

type Owner = { userId: string; screenplayId: string };
const folderOf = (owner: Owner) => `${assetStoreKeys.folder(owner.userId, owner.screenplayId)}zip/`;
/** Indexes kept per screenplay: the newest, and one before it in case the newest render is deleted. */
const KEPT = 2;
/** Indexes looked at, newest first, for one whose zip is still there. */
const LOOKED_AT = 3;

/** The newest index whose zip still exists unchanged, other than `ownZipKey`'s (a retried task's own). */
export async function findPreviousZip(owner: Owner, ownZipKey: string): Promise<ZipIndex | undefined> {
  const keys = (await listKeys(config.mediaBucket, folderOf(owner))).sort().reverse();
  for (const key of keys.slice(0, LOOKED_AT)) {
    const index = await getObjectJson<ZipIndex>(config.mediaBucket, key).catch((error: unknown) => {
      if (isMissingObject(error)) return undefined;
      throw error;
    });
    if (!index || index.version !== 1 || index.zipKey === ownZipKey) continue;
    const tag = await objectTag(config.mediaBucket, index.zipKey).catch((error: unknown) => {
      if (isMissingObject(error)) return undefined;
      throw error;
    });
    if (tag === index.etag) return index;
  }
  return undefined;
}

/** Keeps a render's zip index and drops the older ones beyond the last few. */
export async function keepZipIndex(owner: Owner & { renderJobId: string; createdAt: string }, index: ZipIndex) {
  const folder = folderOf(owner);
  // Digits only: the command line keeps these as files in its reuse folder.
  const key = `${folder}${owner.createdAt.replace(/[^0-9]/g, "")}-${owner.renderJobId}.json`;
  await putObject(config.mediaBucket, key, JSON.stringify(index), "application/json");
  const older = (await listKeys(config.mediaBucket, folder)).filter((k) => k !== key).sort().reverse();
  await deleteKeys(config.mediaBucket, older.slice(KEPT - 1).filter((k) => k < key));
}
