import { config } from "./config";
import { openAiSettings } from "./provider/cloud/settings";

/** Where the overview tutorial lives in the media bucket (made by `npx storyboard tutorial`; docs/decisions.md). */
export const TUTORIAL_VIDEO_KEY = "tutorial/overview.mp4";

/** The tutorial's address: TUTORIAL_VIDEO_URL when set, else the media bucket's copy (the page hides a missing one). */
function tutorialVideoUrl(): string | null {
  if (config.tutorialVideoUrl) return config.tutorialVideoUrl;
  return config.mediaUrlPrefix ? `${config.mediaUrlPrefix.replace(/\/$/, "")}/${TUTORIAL_VIDEO_KEY}` : null;
}

/** What `GET /api/env` tells the browser: nothing secret. */
export function publicEnvironment() {
  const google =
    config.userPoolId && config.userPoolClientId && config.cognitoDomain
      ? {
          userPoolId: config.userPoolId,
          clientId: config.userPoolClientId,
          domain: config.cognitoDomain,
          redirectUrl: `${config.appUrl}/auth`,
        }
      : null;
  return {
    AWS_S3_URL_PREFIX: config.mediaUrlPrefix,
    GOOGLE_AUTH: process.env.GOOGLE_SIGN_IN_ENABLED === "true" ? google : null,
    TUTORIAL_VIDEO_URL: tutorialVideoUrl(),
    // Which image maker draws on-demand images: the picker tells the writer what the offline one cannot draw (docs/product.md#renders).
    IMAGE_PROVIDER: openAiSettings() ? "openai" : "offline",
    STRIPE_PUBLISHABLE_KEY: process.env.STRIPE_PUBLISHABLE_KEY ?? null,
    // Only offline: the browser then confirms card payments against the local stand-in (docs/product.md#payments).
    ...(process.env.STRIPE_API_URL ? { STRIPE_API_URL: process.env.STRIPE_API_URL } : {}),
  };
}
