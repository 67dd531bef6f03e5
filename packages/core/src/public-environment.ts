import { listKeys } from "./blob/s3";
import { config } from "./config";
import { openAiSettings } from "./provider/cloud/settings";

/** Where the overview tutorial lives in the media bucket (made by `npx storyboard tutorial`; docs/decisions.md). */
export const TUTORIAL_VIDEO_KEY = "tutorial/overview.mp4";

/** A warm process trusts a tutorial it has seen for a minute; a missing one is looked for again each time, so a new one shows at once. */
const TUTORIAL_SEEN_MS = 60_000;
let tutorialSeenAt: number | undefined;

async function bucketHasTutorial(): Promise<boolean> {
  if (tutorialSeenAt !== undefined && Date.now() - tutorialSeenAt < TUTORIAL_SEEN_MS) return true;
  try {
    if ((await listKeys(config.mediaBucket, TUTORIAL_VIDEO_KEY)).includes(TUTORIAL_VIDEO_KEY)) {
      tutorialSeenAt = Date.now();
      return true;
    }
  } catch {
    // The bucket cannot be asked: show no player rather than fail the page's settings.
  }
  return false;
}

/**
 * The tutorial's address: TUTORIAL_VIDEO_URL when set, else the media bucket's copy once it
 * exists. Never an address that would answer 404: the visitor's console would show the error.
 */
async function tutorialVideoUrl(): Promise<string | null> {
  if (config.tutorialVideoUrl) return config.tutorialVideoUrl;
  if (!config.mediaUrlPrefix || !(await bucketHasTutorial())) return null;
  return `${config.mediaUrlPrefix.replace(/\/$/, "")}/${TUTORIAL_VIDEO_KEY}`;
}

/** What `GET /api/env` tells the browser: nothing secret. */
export async function publicEnvironment() {
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
    TUTORIAL_VIDEO_URL: await tutorialVideoUrl(),
    // Which image maker draws on-demand images: the picker tells the writer what the offline one cannot draw (docs/product.md#renders).
    IMAGE_PROVIDER: openAiSettings() ? "openai" : "offline",
    STRIPE_PUBLISHABLE_KEY: process.env.STRIPE_PUBLISHABLE_KEY ?? null,
    // Only offline: the browser then confirms card payments against the local stand-in (docs/product.md#payments).
    ...(process.env.STRIPE_API_URL ? { STRIPE_API_URL: process.env.STRIPE_API_URL } : {}),
  };
}
