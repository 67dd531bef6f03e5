/**
 * The offline voices: each a named espeak-ng setting (accent, variant, rate,
 * pitch). Ids are stable: they are stored in render jobs' characterVoices.
 */
import { DEFAULT_NARRATOR_VOICE_ID, type CharacterGender } from "../types";

export interface OfflineVoice {
  id: string;
  name: string;
  gender: CharacterGender;
  /** espeak-ng language voice (accent). */
  language: string;
  /** espeak-ng variant file under voices/!v. */
  variant: string;
  /** Words per minute (espeak default 175). */
  rate: number;
  /** Base pitch 0-99 (espeak default 50). */
  pitch: number;
  /** Pitch range 0-99 (espeak default 50): low is monotone, high is lively. */
  range: number;
  description: string;
}

export const OFFLINE_VOICES: readonly OfflineVoice[] = [
  { id: DEFAULT_NARRATOR_VOICE_ID, name: "George", gender: "male", language: "en-gb-x-rp", variant: "m3", rate: 158, pitch: 38, range: 45, description: "Warm British narrator" },
  { id: "james", name: "James", gender: "male", language: "en-us", variant: "m1", rate: 168, pitch: 30, range: 40, description: "Deep American baritone" },
  { id: "callum", name: "Callum", gender: "male", language: "en-gb-scotland", variant: "m7", rate: 172, pitch: 45, range: 60, description: "Lively Scottish" },
  { id: "marcus", name: "Marcus", gender: "male", language: "en-029", variant: "m2", rate: 160, pitch: 40, range: 55, description: "Caribbean, easy-going" },
  { id: "walter", name: "Walter", gender: "male", language: "en-us", variant: "grandpa", rate: 138, pitch: 28, range: 35, description: "Older American, slow and gravelly" },
  { id: "vinnie", name: "Vinnie", gender: "male", language: "en-us-nyc", variant: "m5", rate: 192, pitch: 52, range: 65, description: "Fast-talking New Yorker" },
  { id: "alice", name: "Alice", gender: "female", language: "en-gb-x-rp", variant: "f2", rate: 165, pitch: 58, range: 50, description: "Clear British" },
  { id: "rachel", name: "Rachel", gender: "female", language: "en-us", variant: "f3", rate: 172, pitch: 62, range: 55, description: "Calm American" },
  { id: "fiona", name: "Fiona", gender: "female", language: "en-gb-scotland", variant: "f1", rate: 160, pitch: 55, range: 60, description: "Gentle Scottish" },
  { id: "grace", name: "Grace", gender: "female", language: "en-us", variant: "f4", rate: 150, pitch: 68, range: 45, description: "Soft and measured" },
  { id: "margaret", name: "Margaret", gender: "female", language: "en-gb-x-gbclan", variant: "grandma", rate: 140, pitch: 50, range: 40, description: "Older northern English" },
  { id: "lily", name: "Lily", gender: "female", language: "en-us", variant: "f5", rate: 190, pitch: 78, range: 70, description: "Bright and youthful" },
  { id: "river", name: "River", gender: "neutral", language: "en-us", variant: "Gene2", rate: 166, pitch: 55, range: 50, description: "Even, mid-pitched American" },
  { id: "sasha", name: "Sasha", gender: "neutral", language: "en-gb-x-rp", variant: "shelby", rate: 162, pitch: 50, range: 55, description: "Airy British" },
  { id: "quinn", name: "Quinn", gender: "neutral", language: "en-029", variant: "Nguyen", rate: 176, pitch: 48, range: 60, description: "Bright Caribbean lilt" },
  { id: "ash", name: "Ash", gender: "neutral", language: "en-gb-x-gbcwmd", variant: "Alex", rate: 155, pitch: 45, range: 35, description: "Low-key West Midlands" },
];

export function findOfflineVoice(id: string): OfflineVoice | undefined {
  return OFFLINE_VOICES.find((v) => v.id === id);
}
