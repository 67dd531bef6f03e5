import { GetObjectCommand } from "@aws-sdk/client-s3";
import { deletePrefix, putObject, s3 } from "../blob/s3";
import { config } from "../config";

/**
 * The per-user store of reusable assets (docs/decisions.md#revised-drafts):
 * every image and line of speech a render makes is also kept under its
 * content key, in the owner's folder and the screenplay's, so a render of a
 * later draft copies what is unchanged instead of making it again, and
 * deleting the screenplay deletes its assets.
 */
export type StoredKind = "image" | "audio";

export const assetStoreKeys = {
  folder: (userId: string, screenplayId: string) => `assets/${userId}/${screenplayId}/`,
  asset: (userId: string, screenplayId: string, kind: StoredKind, contentKey: string) =>
    `assets/${userId}/${screenplayId}/${kind}/${contentKey}`,
};

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
  try {
    const out = await s3().send(
      new GetObjectCommand({ Bucket: config.mediaBucket, Key: assetStoreKeys.asset(userId, screenplayId, kind, contentKey) }),
    );
    return { bytes: await out.Body!.transformToByteArray(), contentType: out.ContentType ?? "application/octet-stream" };
  } catch (error) {
    if (
      (error as { name?: string }).name === "NoSuchKey" ||
      (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
    ) {
      return undefined;
    }
    throw error;
  }
}

export async function keepAsset(userId: string, screenplayId: string, kind: StoredKind, contentKey: string, asset: StoredAsset) {
  await putObject(config.mediaBucket, assetStoreKeys.asset(userId, screenplayId, kind, contentKey), asset.bytes, asset.contentType);
}

export async function deleteScreenplayAssets(userId: string, screenplayId: string) {
  await deletePrefix(config.mediaBucket, assetStoreKeys.folder(userId, screenplayId));
}
