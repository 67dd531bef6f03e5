import { voiceGender, type VoiceGender, type VoiceOption } from "@storyboard/core/render/voice-assignment";

/** The voice picker's filters (docs/product.md#renders): all, or one gender. */
export type VoiceFilter = "all" | VoiceGender;
export const VOICE_FILTERS: readonly VoiceFilter[] = ["all", "male", "female", "neutral"];
export const VOICE_FILTER_LABELS: Record<VoiceFilter, string> = { all: "All", male: "Male", female: "Female", neutral: "Neutral" };

/** Voices whose name contains the search, case-insensitively. */
export function searchVoices<V extends VoiceOption>(voices: readonly V[], search: string): V[] {
  const needle = search.trim().toLowerCase();
  return needle ? voices.filter((v) => v.name.toLowerCase().includes(needle)) : [...voices];
}

/** How many of these voices each filter would show. */
export function voiceCounts(voices: readonly VoiceOption[]): Record<VoiceFilter, number> {
  const counts: Record<VoiceFilter, number> = { all: voices.length, male: 0, female: 0, neutral: 0 };
  for (const v of voices) counts[voiceGender(v)] += 1;
  return counts;
}

/** What the picker lists: the search applied first, then the gender filter; counts follow the search. */
export function filterVoices<V extends VoiceOption>(voices: readonly V[], search: string, filter: VoiceFilter) {
  const searched = searchVoices(voices, search);
  return {
    voices: filter === "all" ? searched : searched.filter((v) => voiceGender(v) === filter),
    counts: voiceCounts(searched),
  };
}
