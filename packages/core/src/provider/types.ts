import type { AspectId } from "../catalog/aspects";
/**
 * Provider interfaces for media: images, speech and the voice catalogue.
 * The offline implementations (provider/offline/*) are the default; cloud
 * adapters implement the same shapes. Browser-safe (types and constants only).
 */
import type { Shot } from "../board/shot-vocabulary";
import type { StyleId } from "../catalog/styles";

export type CharacterGender = "male" | "female" | "neutral";

/** Where a block happens, as parsed from its scene heading. */
export interface SceneInfo {
  /** The heading as written, e.g. "INT. KITCHEN - NIGHT". */
  heading: string;
  interior: boolean;
  /** The location words, e.g. "KITCHEN" or "MAIN STREET". */
  location: string;
  /** As written, e.g. "DAY", "NIGHT", "DAWN", "DUSK", "CONTINUOUS". */
  timeOfDay: string;
}

export interface ImageRequest {
  /** The image prompt (from the text provider, or the writer's on-demand prompt); offline frames read it (frame-subjects.ts). */
  prompt: string;
  style: StyleId;
  scene?: SceneInfo;
  /**
   * The characters present in the shot, the speaker (if any) first. `castIndex`
   * is the character's place in the screenplay's cast (render/cast-order.ts
   * castOrder), the same in every shot: offline frames colour figures by it.
   */
  characters: { name: string; gender: CharacterGender; castIndex?: number }[];
  /** The screenplay block type, e.g. "action", "dialogue", "scene_heading". */
  blockType: string;
  text: string;
  /** Makes repeated requests for the same block reproducible; vary it for alternatives. */
  seed: string;
  /** The block's shot (board/shots.ts): offline frames are framed by it. */
  shot?: Pick<Shot, "size" | "angle" | "movement">;
  /** The render's frame aspect (catalog/aspects.ts); absent is 16:9. */
  aspect?: AspectId;
  /**
   * Reference images of the shot's characters (render/character-references.ts), in the order of `characters`:
   * cloud frames are drawn from them (OpenAI's image edits), so faces and costumes hold from frame to frame.
   */
  references?: { name: string; bytes: Uint8Array; contentType: string }[];
}

export interface GeneratedImage {
  bytes: Uint8Array;
  contentType: "image/png" | "image/jpeg";
  width: number;
  height: number;
}

export interface ImageProvider {
  generate(input: ImageRequest): Promise<GeneratedImage>;
}

export interface SpeechRequest {
  text: string;
  voiceId: string;
  /**
   * How the script says the line is spoken: the parenthetical before it and the cue's extension, e.g.
   * ["whispering", "V.O."]. The offline voice follows it (provider/offline/speech-plan.ts); a cloud voice may ignore it.
   */
  delivery?: string[];
}

export interface SynthesizedSpeech {
  /** A RIFF/WAVE file (PCM). */
  wav: Uint8Array;
  durationMs: number;
}

export interface SpeechProvider {
  synthesize(input: SpeechRequest): Promise<SynthesizedSpeech>;
}

/** A voice as the API lists it (docs/product.md#api Voice; the shape ElevenLabs uses). */
export interface Voice {
  voice_id: string;
  name: string;
  preview_url: string;
  /** male or female; anything else (or missing) is treated as neutral. */
  labels: { gender?: string };
}

export interface VoiceCatalog {
  list(): Promise<Voice[]>;
  /** A short sample spoken with this voice, in `previewContentType`. */
  preview(voiceId: string): Promise<Uint8Array>;
  /** The format of `preview`'s files: WAV when absent (the offline catalogue); ElevenLabs' previews are MP3. */
  readonly previewContentType?: "audio/wav" | "audio/mpeg";
}

/**
 * The fixed default narrator (docs/product.md#constants: "named George"). This is the id of
 * George in the offline catalogue; a cloud catalogue maps its own George.
 */
export const DEFAULT_NARRATOR_VOICE_ID = "george";

/** The preview route of a catalogue voice (served in the catalogue's `previewContentType`). */
export const voicePreviewPath = (voiceId: string) => `/api/voices/${encodeURIComponent(voiceId)}/preview`;
