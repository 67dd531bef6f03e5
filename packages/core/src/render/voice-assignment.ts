/** Voice auto-assignment (docs/product.md#renders). Browser-safe: the prepare screen proposes, the server re-checks. */
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
  /** Lines of dialogue: the characters who speak most get their own voices first. */
  lines?: number;
}

/** she → female, he → male, they (or anything else) → neutral. */
export function wantedVoiceGender(pronouns?: { subject?: string }): VoiceGender {
  const subject = pronouns?.subject?.toLowerCase();
  return subject === "she" ? "female" : subject === "he" ? "male" : "neutral";
}

/** Where a voice of the wanted kind has run out, the next kinds to try before any voice is repeated. */
const FALLBACK: Record<VoiceGender, VoiceGender[]> = {
  female: ["female", "neutral", "male"],
  male: ["male", "neutral", "female"],
  neutral: ["neutral", "female", "male"],
};

/**
 * Proposes a voice per character. The narrator's voice is never given to a
 * character (unless it is the only voice there is). Characters are served
 * most-speaking first (equal speakers by name, so the same script always gets the same voices); each gets an unused voice of its kind, else an unused
 * voice of the nearest kind, and only when every voice is taken is one shared:
 * the voice of its kind held by the character who speaks least.
 */
export function autoAssignVoices(characters: AssignableCharacter[], voices: VoiceOption[], narratorVoiceId?: string) {
  const candidates = voices.filter((v) => v.voice_id !== narratorVoiceId);
  const pool = candidates.length ? candidates : voices;
  // Ties go by name, not by input order: the character dictionary is a map, and no table promises its order.
  const order = characters
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (b.c.lines ?? 0) - (a.c.lines ?? 0) || a.c.name.localeCompare(b.c.name) || a.i - b.i);
  const holders = new Map<string, number>(); // voice id → lines of the characters holding it
  const assignment: Record<string, { voiceId: string; voiceName: string }> = {};
  for (const { c } of order) {
    const wanted = wantedVoiceGender(c.pronouns);
    const unused = FALLBACK[wanted].map((g) => pool.find((v) => voiceGender(v) === g && !holders.has(v.voice_id))).find(Boolean);
    const sameKind = FALLBACK[wanted].map((g) => pool.filter((v) => voiceGender(v) === g)).find((list) => list.length) ?? [];
    const shared = [...sameKind].sort((a, b) => (holders.get(a.voice_id) ?? 0) - (holders.get(b.voice_id) ?? 0))[0];
    const voice = unused ?? shared;
    if (!voice) continue;
    holders.set(voice.voice_id, (holders.get(voice.voice_id) ?? 0) + Math.max(1, c.lines ?? 0));
    assignment[c.name] = { voiceId: voice.voice_id, voiceName: voice.name };
  }
  return assignment;
}

/**
 * Voices given to more than one speaker (the narrator counts as one), for the
 * prepare screen: [{ voiceId, names }], names in the order given.
 */
export function sharedVoices(assigned: Record<string, { voiceId: string } | undefined>): { voiceId: string; names: string[] }[] {
  const byVoice = new Map<string, string[]>();
  for (const [name, choice] of Object.entries(assigned)) {
    if (!choice) continue;
    byVoice.set(choice.voiceId, [...(byVoice.get(choice.voiceId) ?? []), name]);
  }
  return [...byVoice].filter(([, names]) => names.length > 1).map(([voiceId, names]) => ({ voiceId, names }));
}
