import { useCallback } from "react";
import { mediaUrl, usePublicEnv } from "../../../config/env";

/**
 * Stored file paths are keys under AWS_S3_URL_PREFIX (GET /api/env). Until the
 * prefix is known `ready` is false, so nothing renders a broken relative URL.
 */
export function useMediaUrl() {
  const { data: env, isSuccess } = usePublicEnv();
  const prefix = env?.AWS_S3_URL_PREFIX;
  const toUrl = useCallback((path: string | null | undefined) => mediaUrl(prefix, path), [prefix]);
  return { ready: isSuccess, toUrl };
}
