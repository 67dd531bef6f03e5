import { z } from "zod";

/**
 * Browser-safe figures of the sound mix (docs/decisions.md#the-sound-mix),
 * shared by Prepare Render, the render request's schema, the upload check and
 * the mix itself.
 */

/** What plays under the voices: nothing, the project's own pads per scene mood, or the writer's track. */
export const MUSIC_CHOICES = ["none", "generated", "upload"] as const;
export type MusicChoice = (typeof MUSIC_CHOICES)[number];
export const DEFAULT_MUSIC: MusicChoice = "none";

export const LEVEL_KINDS = ["dialogue", "narration", "music"] as const;
export type LevelKind = (typeof LEVEL_KINDS)[number];
export type MixLevels = Record<LevelKind, number>;

/**
 * Levels in dB, relative to each other (the final mix is normalised to the
 * target loudness whatever they are): the voices at their own level, the
 * narration a touch under the characters, the music well under both.
 */
export const DEFAULT_LEVELS: MixLevels = { dialogue: 0, narration: -2, music: -12 };
/** The music's ceiling keeps it under the voices even before it ducks. */
export const LEVEL_RANGES: Record<LevelKind, { min: number; max: number }> = {
  dialogue: { min: -12, max: 6 },
  narration: { min: -12, max: 6 },
  music: { min: -30, max: -6 },
};

/** The mix's sample rate: video's own, so an editor's timeline takes the stems as they are. */
export const MIX_RATE = 48000;
/** EBU R128 as web video takes it. */
export const TARGET_LUFS = -16;
export const MAX_TRUE_PEAK_DBTP = -1;

/** An uploaded track (docs/decisions.md#music-uploads). */
export const MUSIC_UPLOAD = {
  maxBytes: 20 * 1024 * 1024,
  /** Longer than this is refused: a bed is looped, so a long track adds nothing but bytes. */
  maxSeconds: 15 * 60,
  /** Shorter than this is refused: a loop of it would be heard as a loop. */
  minSeconds: 5,
  /** Quieter than this (integrated, LUFS) counts as silent. */
  silentBelowLufs: -60,
  extensions: [".mp3", ".wav", ".m4a"],
} as const;


/** Browser-safe schemas of the mix settings on a render request (docs/decisions.md#the-sound-mix). */
export const musicChoiceSchema = z.enum(MUSIC_CHOICES, { error: "Choose the music: none, generated or upload." }).default(DEFAULT_MUSIC);

const level = (kind: LevelKind) => {
  const { min, max } = LEVEL_RANGES[kind];
  const message = `The ${kind} level must be between ${min} and ${max} dB.`;
  return z.number({ error: message }).min(min, message).max(max, message).default(DEFAULT_LEVELS[kind]);
};

export const mixLevelsSchema = z
  .object({ dialogue: level("dialogue"), narration: level("narration"), music: level("music") })
  .default(DEFAULT_LEVELS);

/** The upload form's fields beside the file. */
export const musicUploadFieldsSchema = z.object({
  /** A form's checkbox: "true", "on", "1" or "yes" is ticked; anything else, or nothing, is not. */
  rightsConfirmed: z
    .string()
    .optional()
    .transform((v) => ["true", "on", "1", "yes"].includes((v ?? "").trim().toLowerCase())),
});

const fileNameSchema = z
  .string({ error: "Name the music file (fileName)." })
  .trim()
  .min(1, "Name the music file (fileName).")
  .max(255, "The file name must be 255 characters or fewer.");
const rightsSchema = z.boolean({ error: "Say whether you have the rights to use this music (rightsConfirmed: true or false)." });

/** Step one of a track sent straight to the bucket: what it is, before any byte is sent. */
export const musicPutRequestSchema = z.object({
  fileName: fileNameSchema,
  size: z
    .number({ error: "Give the file's size in bytes (size)." })
    .int("Give the file's size in whole bytes.")
    .min(0, "Give the file's size in bytes (size)."),
  rightsConfirmed: rightsSchema,
});

/** Step two: the track is in the bucket, check it. */
export const musicPutCheckSchema = z.object({ fileName: fileNameSchema, rightsConfirmed: rightsSchema });
