/**
 * Offline speech: eSpeak-NG speaking with one of the offline catalogue's
 * voices, returned as a 22.05 kHz mono 16-bit WAV.
 */
import { AppError } from "../../error";
import { encodeWav, silentWav } from "../../media/wav";
import type { SpeechProvider, SpeechRequest, SynthesizedSpeech } from "../types";
import { espeakSampleRate, espeakSynthesize } from "./espeak";
import { findOfflineVoice } from "./voice-table";

/** What an empty block sounds like: a short beat of silence, not an error. */
export const SILENCE_MS = 400;

/** espeak reads some screenplay punctuation aloud or stumbles on it. */
function speakable(text: string): string {
  return text
    .replace(/\(([^()]*)\)/g, ", $1, ") // parentheticals become a pause
    .replace(/[*_#~^|<>[\]{}\\]/g, " ")
    .replace(/\.{3,}|\u2026/g, ", ")
    .replace(/(?<!\s)\s*--+\s*|(?<!\s)\s+[\u2013\u2014]\s*|[\u2013\u2014]/g, ", ")
    .replace(/\s+/g, " ")
    .trim();
}

export class OfflineSpeechProvider implements SpeechProvider {
  async synthesize({ text, voiceId }: SpeechRequest): Promise<SynthesizedSpeech> {
    const voice = findOfflineVoice(voiceId);
    if (!voice) throw new AppError("bad_request", `Unknown voice: ${voiceId}`);
    const sampleRate = await espeakSampleRate();
    const words = speakable(text);
    const samples = words
      ? await espeakSynthesize(words, {
          language: voice.language,
          variant: voice.variant,
          rate: voice.rate,
          pitch: voice.pitch,
          range: voice.range,
        })
      : new Int16Array(0);
    if (samples.length === 0) return { wav: silentWav(SILENCE_MS, sampleRate), durationMs: SILENCE_MS };
    return {
      wav: encodeWav({ sampleRate, channels: 1, samples }),
      durationMs: Math.round((samples.length / sampleRate) * 1000),
    };
  }
}
