/**
 * How the offline voice reads a line (docs/decisions.md#offline-speech-reads-like-a-reading):
 * numbers, abbreviations and titles as words, pauses at commas and full stops,
 * questions rising at their end, and the delivery a parenthetical or the cue's
 * extension asks for (whispering, shouting, V.O., O.S., a phone or radio).
 * Pure: the result is SSML for eSpeak-NG and the engine's options.
 */
import { spokenNumbers } from "./spoken-numbers";

export type SpeechFilter = "phone" | "radio";

export interface SpeechPlan {
  /** SSML for espeak-ng (`<speak>…</speak>`). */
  ssml: string;
  /** The words as read, without markup: what the tests and captions compare. */
  words: string;
  /** Loudness, 100 = as the voice speaks. */
  volume: number;
  /** Speaking rate, 1 = the voice's own. */
  rate: number;
  /** A band-pass for a voice heard through a phone or a radio. */
  filter?: SpeechFilter;
  /** What changed the delivery, for the plan's reader: "whisper", "shout", "voice-over", "off-screen", "phone", "radio". */
  manner: string[];
}

/** Pauses, in milliseconds, that punctuation asks for. */
export const PAUSE_MS = { comma: 250, clause: 350, stop: 550, dash: 400, beat: 700 } as const;

const ABBREVIATIONS: [RegExp, string][] = [
  [/\bMr\.(?=\s|$)/g, "Mister"],
  [/\bMrs\.(?=\s|$)/g, "Missus"],
  [/\bMs\.(?=\s|$)/g, "Miz"],
  [/\bDr\.(?=\s+\p{Lu})/gu, "Doctor"],
  [/\bDr\.(?=\s|$)/g, "Drive"],
  [/\bSt\.(?=\s+\p{Lu})/gu, "Saint"],
  [/\bSt\.(?=\s|$)/g, "Street"],
  [/\bJr\.(?=\s|,|$)/g, "Junior"],
  [/\bSr\.(?=\s|,|$)/g, "Senior"],
  [/\bLt\.(?=\s)/g, "Lieutenant"],
  [/\bSgt\.(?=\s)/g, "Sergeant"],
  [/\bCapt\.(?=\s)/g, "Captain"],
  [/\bDet\.(?=\s)/g, "Detective"],
  [/\bProf\.(?=\s)/g, "Professor"],
  [/\bGen\.(?=\s)/g, "General"],
  [/\bCol\.(?=\s)/g, "Colonel"],
  [/\bAve\.(?=\s|$)/g, "Avenue"],
  [/\bvs\.?(?=\s)/gi, "versus"],
  [/\betc\./gi, "et cetera"],
  [/\be\.g\./gi, "for example"],
  [/\bi\.e\./gi, "that is"],
  [/\bapprox\./gi, "approximately"],
  [/\bNo\.(?=\s*\d)/g, "number"],
  [/\ba\.m\./gi, "A M"],
  [/\bp\.m\./gi, "P M"],
  [/\bU\.S\.A?\./g, "U S"],
  [/\bFBI\b/g, "F B I"],
  [/\bCIA\b/g, "C I A"],
  [/\bNYPD\b/g, "N Y P D"],
  [/\bLAPD\b/g, "L A P D"],
  [/\bOK\b/g, "okay"],
];

/** Parenthetical words and cue extensions, and what they do to the delivery. */
const MANNERS: [RegExp, string][] = [
  [/\b(whisper\w*|quietly|softly|hushed|under (?:his|her|their) breath|sotto voce|murmur\w*|barely audible)\b/i, "whisper"],
  [/\b(shout\w*|yell\w*|scream\w*|bellow\w*|roar\w*|angr\w*|furious\w*|loud\w*)\b/i, "shout"],
  [/\b(phone|telephone|filtered|intercom|voicemail|answering machine)\b/i, "phone"],
  [/\b(radio|walkie|walkie-talkie|cb|loudspeaker|over the speaker|p\.?a\.?)\b/i, "radio"],
  [/^\s*v\.?\s?o\.?\s*$|\bvoice[- ]over\b/i, "voice-over"],
  [/^\s*(?:o\.?\s?s\.?|o\.?\s?c\.?)\s*$|\boff[- ]?(?:screen|camera)\b/i, "off-screen"],
];

const BEATS = /^(beat|pause|a beat|long pause|a moment|silence|beat\.|then)$/i;

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const brk = (ms: number) => `<break time="${ms}ms"/>`;

/** Titles, abbreviations and numbers as words. */
export function normaliseForSpeech(text: string): string {
  let out = text;
  for (const [pattern, words] of ABBREVIATIONS) out = out.replace(pattern, words);
  return spokenNumbers(out);
}

/**
 * The plan for one line. `delivery` is what the script says about how it is
 * said: the parenthetical before the line and the cue's extension ("V.O.").
 * Parentheticals inside the line count too; a (beat) inside it is a pause.
 */
export function speechPlan(text: string, delivery: readonly string[] = []): SpeechPlan {
  const cues = [...delivery];
  // Inline parentheticals: a beat is a pause, any other is a delivery note, never read aloud.
  const marked = text.replace(/\(([^()]*)\)/g, (_, inner: string) => {
    if (BEATS.test(inner.trim())) return " \u0001 ";
    cues.push(inner);
    return " ";
  });
  const manner = [...new Set(MANNERS.filter(([p]) => cues.some((c) => p.test(c))).map(([, m]) => m))];
  const words = normaliseForSpeech(
    marked
      .replace(/[*_#~^|<>[\]{}\\]/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
  const parts: string[] = [];
  // Sentences, each paced by its punctuation; a question lifts its last words.
  for (const sentence of words.split(/(?<=[.!?\u0001])(?![.!?])/)) {
    const trimmed = sentence.trim();
    if (!trimmed) continue;
    if (trimmed === "\u0001") {
      parts.push(brk(PAUSE_MS.beat));
      continue;
    }
    const question = trimmed.endsWith("?");
    let body = escapeXml(trimmed.replace(/\u0001$/, ""))
      .replace(/\.{3,}|\u2026/g, ` ${brk(PAUSE_MS.dash)} `)
      .replace(/--+|\u2014|\s\u2013\s/g, ` ${brk(PAUSE_MS.dash)} `)
      .replace(/,(?=\s)/g, `,${brk(PAUSE_MS.comma)}`)
      .replace(/[;:](?=\s)/g, (m) => `${m}${brk(PAUSE_MS.clause)}`);
    if (question) {
      // The last three words rise.
      const spaces = [...body.matchAll(/ (?=[^ ])/g)].map((m) => m.index);
      const cut = spaces.length >= 3 ? spaces[spaces.length - 3] + 1 : 0;
      body = `${body.slice(0, cut)}<prosody pitch="+25%">${body.slice(cut)}</prosody>`;
    }
    parts.push(body, trimmed.endsWith("\u0001") ? brk(PAUSE_MS.beat) : /[.!?]$/.test(trimmed) ? brk(PAUSE_MS.stop) : "");
  }
  while (parts.length && (parts[parts.length - 1] === "" || parts[parts.length - 1].startsWith("<break"))) parts.pop();
  let volume = 100;
  let rate = 1;
  if (manner.includes("whisper")) [volume, rate] = [45, 0.92];
  else if (manner.includes("shout")) [volume, rate] = [170, 1.08];
  if (manner.includes("off-screen")) volume = Math.round(volume * 0.7);
  if (manner.includes("voice-over")) rate *= 0.95;
  const filter: SpeechFilter | undefined = manner.includes("phone") ? "phone" : manner.includes("radio") ? "radio" : undefined;
  const prosody = volume !== 100 || rate !== 1 ? [`volume="${volume}"`, rate !== 1 ? `rate="${Math.round(rate * 100)}%"` : ""].filter(Boolean).join(" ") : "";
  const body = parts.join(" ").split(/\s/).filter(Boolean).join(" ");
  return {
    ssml: `<speak>${prosody ? `<prosody ${prosody}>${body}</prosody>` : body}</speak>`,
    words: words.replaceAll("\u0001", " ").split(/\s/).filter(Boolean).join(" "),
    volume,
    rate,
    ...(filter ? { filter } : {}),
    manner,
  };
}
