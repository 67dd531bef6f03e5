import { useCallback } from "react";
import { mediaUrl, usePublicEnv } from "../../../config/env";

/**
 * Stored file paths are keys under AWS_S3_URL_PREFIX (GET /api/env), which
 * answers with a short-lived signed address for those who may read the file
 * (docs/decisions.md#private-media). Until the
 * prefix is known `ready` is false, so nothing renders a broken relative URL.
 */
export function useMediaUrl() {
  const { data: env, isSuccess } = usePublicEnv();
  const prefix = env?.AWS_S3_URL_PREFIX;
  const toUrl = useCallback((path: string | null | undefined) => mediaUrl(prefix, path), [prefix]);
  /** The file saved as `name`: the server signs the address with that name (the file is on another origin on AWS, where `download` is ignored). */
  const toDownloadUrl = useCallback(
    (path: string, name: string) => `${mediaUrl(prefix, path)}?download=${encodeURIComponent(name)}`,
    [prefix],
  );
  return { ready: isSuccess, toUrl, toDownloadUrl };
}
