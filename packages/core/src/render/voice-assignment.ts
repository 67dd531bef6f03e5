/** Voice auto-assignment (docs/product.md#constants). Browser-safe: the prepare screen proposes, the server re-checks. */
export interface VoiceOption {
  voice_id: string;
  name: string;
  labels?: { gender?: string };
}

export type VoiceGender = "male" | "female" | "neutral";

/** male and female as labelled; other, missing or non-binary labels count as neutral. */
export const voiceGender = (v: VoiceOption): VoiceGender => {
  const g = v.labels?.gender?.toLowerCase();
  return g === "male" || g === "female" ? g : "neutral";
};

export const DEFAULT_NARRATOR_NAME = "George";

export interface AssignableCharacter {
  name: string;
  pronouns?: { subject?: string };
}

/**
 * Pronoun "she" gets a female voice, everyone else a male one; voices are
 * handed out distinct while they last (the narrator's last of all), then reused in turn.
 */
export function autoAssignVoices(characters: AssignableCharacter[], voices: VoiceOption[], narratorVoiceId?: string) {
  const pools: Record<"male" | "female", VoiceOption[]> = {
    male: voices.filter((v) => voiceGender(v) === "male"),
    female: voices.filter((v) => voiceGender(v) === "female"),
  };
  for (const key of ["male", "female"] as const) {
    // The narrator's voice goes last so characters sound different from the narration.
    pools[key].sort((a, b) => Number(a.voice_id === narratorVoiceId) - Number(b.voice_id === narratorVoiceId));
  }
  const used = { male: 0, female: 0 };
  const assignment: Record<string, { voiceId: string; voiceName: string }> = {};
  for (const c of characters) {
    const wanted = c.pronouns?.subject?.toLowerCase() === "she" ? "female" : "male";
    const pool = pools[wanted].length ? pools[wanted] : voices;
    if (!pool.length) continue;
    const voice = pool[used[wanted] % pool.length];
    used[wanted] += 1;
    assignment[c.name] = { voiceId: voice.voice_id, voiceName: voice.name };
  }
  return assignment;
}
