/**
 * Storyboard frames drawn by OpenAI's image model. It makes 1536x1024 at
 * most in landscape; the video compile wants 1280x720 frames, so the answer
 * is scaled to cover 1280x720 and centre-cropped (a 3:2 picture loses a
 * strip at the top and the bottom), then stored as JPEG like the offline frames.
 */
import sharp from "sharp";
import { getStyle } from "../../catalog/styles";
import { logger } from "../../logger";
import { OfflineImageProvider } from "../offline/image";
import type { GeneratedImage, ImageProvider, ImageRequest } from "../types";
import { ProviderError, type ProviderClient } from "./http";
import { openAiClient, type ClientTuning, type CloudSettings } from "./settings";

export const IMAGE_MODEL = "gpt-image-1";
export const IMAGE_REQUEST_SIZE = "1536x1024";
export const FRAME_WIDTH = 1280;
export const FRAME_HEIGHT = 720;
/** "medium" is a storyboard's trade-off between detail, time (~20-40 s) and price. */
const IMAGE_QUALITY = "medium";
/** Image generation is slow; a minute is not enough on a busy day. */
const IMAGE_TIMEOUT_MS = 150_000;
const JPEG_QUALITY = 90;
/** How OpenAI says its safety system refused the prompt (current and older code). */
const REFUSAL_CODES = new Set(["moderation_blocked", "content_policy_violation"]);

interface ImagesResponse {
  data?: { b64_json?: string | null }[];
}

/** The prompt with the style's fragment, added when an edited prompt lost it. */
export function promptWithStyle(input: Pick<ImageRequest, "prompt" | "style">): string {
  const fragment = getStyle(input.style).promptFragment;
  const prompt = input.prompt.trim();
  return prompt.includes(fragment) ? prompt : `${prompt.replace(/(?<![.\s])[.\s]+$/, "")}. Style: ${fragment}`;
}

export class OpenAiImageProvider implements ImageProvider {
  private readonly client: ProviderClient;

  constructor(
    settings: CloudSettings,
    tuning: ClientTuning = {},
    /** Draws the frame when OpenAI refuses a prompt, so one refused block does not fail a whole render. */
    private readonly fallback: ImageProvider = new OfflineImageProvider(),
  ) {
    this.client = openAiClient(settings, { timeoutMs: IMAGE_TIMEOUT_MS, maxRetries: 2, ...tuning });
  }

  async generate(input: ImageRequest): Promise<GeneratedImage> {
    let answer: ImagesResponse;
    try {
      answer = await this.client.json<ImagesResponse>({
        operation: "image generation",
        method: "POST",
        path: "/images/generations",
        json: { model: IMAGE_MODEL, prompt: promptWithStyle(input), size: IMAGE_REQUEST_SIZE, quality: IMAGE_QUALITY, n: 1 },
      });
    } catch (error) {
      if (error instanceof ProviderError && error.status === 400 && error.code && REFUSAL_CODES.has(error.code)) {
        logger.warn("OpenAI refused an image prompt; drawing the offline frame instead", { seed: input.seed, code: error.code });
        return this.fallback.generate(input);
      }
      throw error;
    }
    const b64 = answer.data?.[0]?.b64_json;
    if (!b64) throw new ProviderError("OpenAI image generation failed: the answer had no image", "OpenAI", 200, undefined, true);
    let frame: Buffer;
    try {
      frame = await sharp(Buffer.from(b64, "base64"))
        .resize(FRAME_WIDTH, FRAME_HEIGHT, { fit: "cover", position: "centre" })
        .flatten({ background: "#000000" })
        .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: "4:2:0" })
        .toBuffer();
    } catch (error) {
      throw new ProviderError(
        `OpenAI image generation failed: the image could not be read (${(error as Error).message})`,
        "OpenAI",
        200,
        undefined,
        true,
      );
    }
    return {
      bytes: new Uint8Array(frame.buffer, frame.byteOffset, frame.length),
      contentType: "image/jpeg",
      width: FRAME_WIDTH,
      height: FRAME_HEIGHT,
    };
  }
}
