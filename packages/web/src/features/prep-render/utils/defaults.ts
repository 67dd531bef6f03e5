import { DEFAULT_ASPECT } from "@storyboard/core/catalog/aspects";
import { DEFAULT_STYLE } from "@storyboard/core/catalog/styles";
import { DEFAULT_LEVELS, DEFAULT_MUSIC } from "@storyboard/core/mix/schema";
import { DEFAULT_FRAME_RATE } from "@storyboard/core/timeline/schema";
import { DEFAULT_NARRATOR_VOICE_ID } from "@storyboard/core/provider/types";
import { NARRATOR_KEY, type CreateRenderInput } from "@storyboard/core/render/schema";
import { autoAssignVoices, DEFAULT_NARRATOR_NAME, type VoiceOption } from "@storyboard/core/render/voice-assignment";
import type { ScreenplayForRender } from "../api/prep-render";

export type CharacterVoices = Record<string, { voiceId: string; voiceName?: string }>;

/** docs/product.md#constants: the render title defaults to the screenplay title plus ' Render'. */
export const defaultRenderTitle = (screenplayTitle: string) => `${screenplayTitle} Render`;

/** Characters with at least one line of dialogue, in the screenplay's order; only they need a voice. */
export function speakingCharacters(screenplay: Pick<ScreenplayForRender, "characterDictionary">) {
  return Object.entries(screenplay.characterDictionary ?? {})
    .filter(([, entry]) => entry.isSpeaker)
    .map(([name, entry]) => ({ name, pronouns: entry.pronouns, lines: entry.lines }));
}

/** The narrator's default: George, by id or else by name; the fixed id when the list is unknown. */
export function defaultNarrator(voices: readonly VoiceOption[] | undefined) {
  const george =
    voices?.find((v) => v.voice_id === DEFAULT_NARRATOR_VOICE_ID) ??
    voices?.find((v) => v.name.toLowerCase() === DEFAULT_NARRATOR_NAME.toLowerCase());
  return george
    ? { voiceId: george.voice_id, voiceName: george.name }
    : { voiceId: DEFAULT_NARRATOR_VOICE_ID, voiceName: DEFAULT_NARRATOR_NAME };
}

/** Narrator George plus an automatic voice per speaking character (docs/product.md#renders: she → female, he → male, they → neutral; distinct before any repeat; never the narrator's). */
export function initialVoices(
  screenplay: Pick<ScreenplayForRender, "characterDictionary" | "characterVoices">,
  voices: readonly VoiceOption[] | undefined,
): CharacterVoices {
  // Voices kept from an earlier draft win, where the voice still exists.
  const known = new Set(voices?.map((v) => v.voice_id));
  const kept = Object.fromEntries(Object.entries(screenplay.characterVoices ?? {}).filter(([, v]) => known.has(v.voiceId)));
  const narrator = kept[NARRATOR_KEY] ?? defaultNarrator(voices);
  const characters = voices?.length ? autoAssignVoices(speakingCharacters(screenplay), [...voices], narrator.voiceId) : {};
  const speaking = new Set(speakingCharacters(screenplay).map((c) => c.name));
  const carried = Object.fromEntries(Object.entries(kept).filter(([name]) => speaking.has(name)));
  return { [NARRATOR_KEY]: narrator, ...characters, ...carried };
}

/** The form's starting values (docs/product.md#constants defaults): cinematic, both previews on, captions off. */
export function defaultRenderValues(screenplay: ScreenplayForRender, voices?: readonly VoiceOption[]): CreateRenderInput {
  return {
    screenplayId: screenplay.id,
    title: defaultRenderTitle(screenplay.title),
    style: DEFAULT_STYLE,
    aspect: DEFAULT_ASPECT,
    characterVoices: initialVoices(screenplay, voices),
    previewDescriptionsBeforeFirstImages: true,
    previewImagesBeforeFirstRender: true,
    burnCaptions: false,
    music: DEFAULT_MUSIC,
    mixLevels: { ...DEFAULT_LEVELS },
    timelineFps: DEFAULT_FRAME_RATE,
  };
}

/** One-line descriptions of the visual styles for the radio list. */
export const STYLE_DESCRIPTIONS: Record<string, string> = {
  cinematic: "Photorealistic film stills: widescreen framing, colour grading, shallow depth of field.",
  noir: "High-contrast black and white with hard shadows and heavy film grain.",
  ghibli: "Soft, hand-painted anime scenery in warm pastel tones.",
  comic: "Bold ink outlines, flat saturated colours and halftone shading.",
  surreal: "Dreamlike paintings: impossible skies, warped perspective, uncanny colour.",
  documentary: "Natural light and muted colours, like candid photographs.",
};
