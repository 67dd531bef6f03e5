/**
 * Storyboard frames drawn by OpenAI's image model (OPENAI_IMAGE_MODEL,
 * models.ts). The video compile wants frames of the render's aspect
 * (catalog/aspects.ts, 1280x720 for 16:9): gpt-image-2 is asked for the
 * aspect's own shape (1536x864 for 16:9, 864x1536 for 9:16, scaled down
 * whole); an older 3:2 model's answer is scaled to cover and centre-cropped. Stored as JPEG like the
 * offline frames. A refused prompt is an error that says so
 * (`ProviderError.kind === "refused"`), never retried: the caller decides
 * what the writer sees (docs/decisions.md#provider-errors).
 */
import sharp from "sharp";
import { getAspect } from "../../catalog/aspects";
import { getStyle } from "../../catalog/styles";
import { imageExtension } from "../../blob/keys";
import type { GeneratedImage, ImageProvider, ImageRequest } from "../types";
import { ProviderError, type ProviderClient } from "./http";
import { imageModel, imageRequestSize } from "./models";
import { openAiClient, type ClientTuning, type CloudSettings } from "./settings";

/** "medium" is a storyboard's trade-off between detail, time (~20-40 s) and price. */
const IMAGE_QUALITY = "medium";
/** Image generation is slow; a minute is not enough on a busy day. */
const IMAGE_TIMEOUT_MS = 150_000;
const JPEG_QUALITY = 90;

interface ImagesResponse {
  data?: { b64_json?: string | null }[];
}

/** The prompt with the style's fragment, added when an edited prompt lost it. */
export function promptWithStyle(input: Pick<ImageRequest, "prompt" | "style">): string {
  const fragment = getStyle(input.style).promptFragment;
  const prompt = input.prompt.trim();
  return prompt.includes(fragment) ? prompt : `${prompt.replace(/(?<![.\s])[.\s]+$/, "")}. Style: ${fragment}`;
}

/** The edits endpoint's limit of input images for GPT image models. */
const MAX_REFERENCES = 16;

type References = NonNullable<ImageRequest["references"]>;

/** The prompt names which input image is whom, so each character keeps their own face and costume. */
function referencedPrompt(prompt: string, references: References): string {
  const who = references.map((r, i) => `image ${i + 1} is ${r.name}`).join("; ");
  return `${prompt}\nReference images of the characters (${who}): keep each one's face, hair, build and costume exactly as shown.`;
}

/** The multipart body of POST /images/edits: the fields, and the references as `image[]` files named after their characters. */
function editForm(fields: Record<string, string | number>, references: References): FormData {
  const form = new FormData();
  // No `input_fidelity`: the definition documents it for gpt-image-1 only, and the current models read inputs closely anyway.
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const r of references) {
    const fileName = `${r.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}${imageExtension(r.contentType)}`;
    form.append("image[]", new Blob([new Uint8Array(r.bytes)], { type: r.contentType }), fileName);
  }
  return form;
}

export class OpenAiImageProvider implements ImageProvider {
  private readonly client: ProviderClient;

  constructor(settings: CloudSettings, tuning: ClientTuning = {}) {
    this.client = openAiClient(settings, { timeoutMs: IMAGE_TIMEOUT_MS, ...tuning });
  }

  async generate(input: ImageRequest): Promise<GeneratedImage> {
    const model = imageModel();
    const aspect = getAspect(input.aspect);
    const { width, height } = imageRequestSize(model, aspect.ratio);
    const fields = { model, prompt: promptWithStyle(input), size: `${width}x${height}`, quality: IMAGE_QUALITY, n: 1 };
    // A shot with characters that have reference images is drawn from them (the edits endpoint takes up to 16 images).
    const references = (input.references ?? []).slice(0, MAX_REFERENCES);
    const answer = references.length
      ? await this.client.json<ImagesResponse>({
          operation: "image generation",
          method: "POST",
          path: "/images/edits",
          form: editForm({ ...fields, prompt: referencedPrompt(fields.prompt, references) }, references),
        })
      : await this.client.json<ImagesResponse>({ operation: "image generation", method: "POST", path: "/images/generations", json: fields });
    const b64 = answer.data?.[0]?.b64_json;
    if (!b64) throw new ProviderError("OpenAI image generation failed: the answer had no image", "OpenAI", 200, undefined, "bad_answer");
    let frame: Buffer;
    try {
      frame = await sharp(Buffer.from(b64, "base64"))
        .resize(aspect.width, aspect.height, { fit: "cover", position: "centre" })
        .flatten({ background: "#000000" })
        .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: "4:2:0" })
        .toBuffer();
    } catch (error) {
      throw new ProviderError(
        `OpenAI image generation failed: the image could not be read (${(error as Error).message})`,
        "OpenAI",
        200,
        undefined,
        "bad_answer",
      );
    }
    return {
      bytes: new Uint8Array(frame.buffer, frame.byteOffset, frame.length),
      contentType: "image/jpeg",
      width: aspect.width,
      height: aspect.height,
    };
  }
}
