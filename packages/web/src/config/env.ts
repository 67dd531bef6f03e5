import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../lib/api";

/** Hosted-UI settings for Google sign-in through the Cognito user pool. */
export interface GoogleAuthConfig {
  userPoolId: string;
  clientId: string;
  domain: string;
  redirectUrl: string;
}

/** GET /api/env: public runtime settings of this deployment. */
export interface PublicEnv {
  AWS_S3_URL_PREFIX: string;
  GOOGLE_AUTH?: GoogleAuthConfig | null;
  TUTORIAL_VIDEO_URL?: string | null;
  /** "offline" when frames are drawn on this machine: the image picker says which prompt words they follow. */
  IMAGE_PROVIDER?: "offline" | "openai";
  /** Card payments (docs/product.md#payments); `STRIPE_API_URL` only when the server uses the offline stand-in. */
  STRIPE_PUBLISHABLE_KEY?: string | null;
  STRIPE_API_URL?: string | null;
  [key: string]: unknown;
}

export const envQueryOptions = () =>
  queryOptions({
    queryKey: ["env"],
    queryFn: () => api.get<PublicEnv>("/api/env"),
  });

export function usePublicEnv() {
  return useQuery(envQueryOptions());
}

/** Stored file paths are relative; the env names the bucket URL they live under. */
export function mediaUrl(prefix: string | undefined, path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//.test(path) || !prefix) return path;
  return `${prefix.replace(/\/$/, "")}/${path.replace(/^\//, "")}`;
}

export const APP_NAME = "Storyboard";
