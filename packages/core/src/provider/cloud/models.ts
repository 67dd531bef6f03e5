/**
 * Which model each cloud call uses, chosen in one place: a setting per kind
 * of work, read from the environment at each call (so a changed setting
 * takes effect without a restart), with defaults checked against the
 * providers' own pages (docs/decisions.md#provider-models: the date and
 * where to check again). `npx storyboard doctor` asks the providers whether
 * these models still exist.
 */

/** Defaults, checked 2026-11-26 (docs/decisions.md#provider-models). */
export const MODEL_DEFAULTS = {
  /** Descriptions and image prompts. gpt-4o-mini shuts down 2027-01-14; this is its listed substitute. */
  OPENAI_TEXT_MODEL: "gpt-5.4-mini",
  /** Frames. gpt-image-1 shut down 2026-10-23; gpt-image-1.5 and -mini shut down 2026-12-01. */
  OPENAI_IMAGE_MODEL: "gpt-image-2",
  OPENAI_MODERATION_MODEL: "omni-moderation-latest",
  ELEVENLABS_SPEECH_MODEL: "eleven_multilingual_v2",
  /** Raw PCM (the WAV header is ours); ElevenLabs offers pcm_16000 to pcm_48000 (44.1 kHz needs a Pro plan). */
  ELEVENLABS_OUTPUT_FORMAT: "pcm_22050",
} as const;

export type ModelSetting = keyof typeof MODEL_DEFAULTS;

const setting = (name: ModelSetting): string => process.env[name]?.trim() || MODEL_DEFAULTS[name];

export const textModel = () => setting("OPENAI_TEXT_MODEL");
export const imageModel = () => setting("OPENAI_IMAGE_MODEL");
export const moderationModel = () => setting("OPENAI_MODERATION_MODEL");
export const speechModel = () => setting("ELEVENLABS_SPEECH_MODEL");

/** The PCM output format and its sample rate; anything but `pcm_<rate>` is refused (the WAV header needs raw samples). */
export function speechOutputFormat(): { format: string; sampleRate: number } {
  const format = setting("ELEVENLABS_OUTPUT_FORMAT");
  const match = /^pcm_(\d{4,5})$/.exec(format);
  if (!match) throw new Error(`ELEVENLABS_OUTPUT_FORMAT must be a raw PCM format such as pcm_22050, not "${format}".`);
  return { format, sampleRate: Number(match[1]) };
}

/**
 * The size to ask an image model for, for a frame of `ratio` (width over
 * height). gpt-image-2 draws any size whose edges are multiples of 16 (up to
 * 3840, at most 3:1, 655,360 to 8,294,400 pixels), so every aspect comes out
 * whole with a 1536 long edge; the gpt-image-1 family offers only 3:2, 2:3
 * and 1:1, which are cropped to the frame.
 */
export function imageRequestSize(model: string, ratio = 16 / 9): { width: number; height: number } {
  const flexible = !/^gpt-image-1(\b|[.-])|^dall-e/.test(model);
  if (!flexible) return ratio > 1 ? { width: 1536, height: 1024 } : ratio < 1 ? { width: 1024, height: 1536 } : { width: 1024, height: 1024 };
  const short = (edge: number) => Math.round(edge / 16) * 16;
  return ratio >= 1 ? { width: 1536, height: short(1536 / ratio) } : { width: short(1536 * ratio), height: 1536 };
}

/**
 * Request fields that depend on the text model: reasoning models (gpt-5
 * family, o-series) refuse `temperature` and spend completion tokens on
 * reasoning, so they get a low reasoning effort and more room instead.
 */
export function textModelParameters(model: string, answerTokens: number): Record<string, unknown> {
  const reasoning = /^(gpt-5|o\d)/.test(model);
  return reasoning
    ? { reasoning_effort: "low", max_completion_tokens: answerTokens * 8 }
    : { temperature: 0.2, max_completion_tokens: answerTokens };
}
