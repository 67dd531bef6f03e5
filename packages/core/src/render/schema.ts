import { z } from "zod";
import { singleLine } from "../plain-text";
import { DEFAULT_PDF_LAYOUT, pdfLayoutSchema, shotEditsSchema } from "../board/schema";
import { ASPECT_IDS, aspectRefusal, DEFAULT_ASPECT } from "../catalog/aspects";
import { STYLE_IDS } from "../catalog/styles";
import { frameRateSchema } from "../timeline/schema";
import { mixLevelsSchema, musicChoiceSchema } from "../mix/schema";
import { RENDER_STATUSES } from "./status";

/** Browser-safe schemas of the render calls, shared by the prepare screen and the handlers. */
export const characterVoiceSchema = z.object({
  voiceId: z.string().min(1),
  voiceName: z.string().optional(),
});

/** A client-chosen key that makes a paid request safe to send twice. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "The request key must be 8 to 64 letters, digits, - or _.");

/** The render's settings without the cross-field checks (billing's purchase schema is built from it). */
export const renderSettingsSchema = z.object({
  screenplayId: z.string().min(1, "Choose a screenplay to render."),
  title: z
    .string()
    .overwrite(singleLine)
    .trim()
    .min(1, "Please enter a render title.")
    .max(200, "The render title must be 200 characters or fewer."),
  style: z.enum(STYLE_IDS, { error: "Choose one of the visual styles." }),
  /** Character name (and NARRATOR for the narration) to the chosen voice. */
  characterVoices: z.record(z.string(), characterVoiceSchema).default({}),
  previewDescriptionsBeforeFirstImages: z.boolean().default(true),
  previewImagesBeforeFirstRender: z.boolean().default(true),
  burnCaptions: z.boolean().default(false),
  /** The storyboard PDF's layout (docs/decisions.md#storyboard-pdf). */
  pdfLayout: pdfLayoutSchema.default(DEFAULT_PDF_LAYOUT),
  /** The frame rate of the project zip's editing timelines (docs/product.md#editing-timelines); absent, the video's own. */
  timelineFps: frameRateSchema.optional(),
  /** The sound mix (docs/decisions.md#the-sound-mix): what plays under the voices, the uploaded track, the levels. */
  music: musicChoiceSchema,
  musicUploadId: z.string().min(1).optional(),
  mixLevels: mixLevelsSchema,
  /** The frames' and the video's aspect (docs/decisions.md#aspect-ratios). */
  aspect: z.enum(ASPECT_IDS, { error: `Choose an aspect: ${ASPECT_IDS.join(", ")}.` }).default(DEFAULT_ASPECT),
  /** The same key on a repeated submit (a double click, a retried request) answers the first render and charges once. */
  idempotencyKey: idempotencyKeySchema.optional(),
});

/**
 * The checks across a render's settings, for every request that starts a render (POST /api/renders and a
 * render bought by card): an aspect the style cannot draw is refused (docs/decisions.md#aspect-ratios), and
 * an uploaded-music render names its track.
 */
export function refineRenderSettings(
  input: Pick<z.output<typeof renderSettingsSchema>, "style" | "aspect" | "music" | "musicUploadId">,
  ctx: z.RefinementCtx,
) {
  const refusal = aspectRefusal(input.style, input.aspect);
  if (refusal) ctx.addIssue({ code: "custom", path: ["aspect"], message: refusal });
  if (input.music === "upload" && !input.musicUploadId)
    ctx.addIssue({ code: "custom", path: ["musicUploadId"], message: "Upload a music track, or choose generated music or none." });
}

export const createRenderSchema = renderSettingsSchema.superRefine(refineRenderSettings);
export type CreateRenderInput = z.input<typeof createRenderSchema>;

export const updateStatusSchema = z.object({
  renderJobId: z.string().min(1),
  status: z.enum(RENDER_STATUSES),
});

const descriptionText = z.string().max(2000, "A description must be 2000 characters or fewer.");
export const updateDescriptionsSchema = z.object({
  characterDictionary: z.record(z.string(), z.object({ description: descriptionText }).passthrough()).default({}),
  sceneDictionary: z.record(z.string(), z.object({ description: descriptionText.optional() }).passthrough()).default({}),
  /** Block id to the shot the writer chose (three selects per block); blocks left out keep theirs. */
  shots: shotEditsSchema,
});

export const generateImageSchema = z.object({
  renderJobId: z.string().min(1),
  blockId: z.string().min(1),
  imagePrompt: z.string().trim().min(1, "Please enter a prompt for the image.").max(2000),
  idempotencyKey: idempotencyKeySchema.optional(),
});

export const drawnFrameSchema = z.object({
  renderJobId: z.string().min(1),
  requestId: z.string().min(1),
});

/** The writer's own picture of a character, as base64 (at most 6 MB of picture, ~8 MB of text, inside API Gateway's 10 MB). */
export const characterReferenceSchema = z.object({
  name: z.string().min(1, "Choose a character."),
  image: z
    .string()
    .min(1, "Choose a picture.")
    .max(8_400_000, "The picture must be 6 MB or smaller.")
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, "The picture must be sent as base64."),
});

export const saveImageOrderSchema = z.object({
  renderJobId: z.string().min(1),
  blockId: z.string().min(1),
  imageUrl: z.array(z.string().min(1)).min(1, "Choose an image."),
});

export const reRenderSchema = z.object({ renderJobId: z.string().min(1) });

/** Key of the narration voice in `characterVoices`. */
export const NARRATOR_KEY = "NARRATOR";
