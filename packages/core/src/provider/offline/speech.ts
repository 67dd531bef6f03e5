/**
 * Offline speech: eSpeak-NG speaking with one of the offline catalogue's
 * voices, returned as a 22.05 kHz mono 16-bit WAV.
 */
import { AppError } from "../../error";
import { encodeWav, silentWav } from "../../media/wav";
import type { SpeechProvider, SpeechRequest, SynthesizedSpeech } from "../types";
import { espeakSampleRate, espeakSynthesize } from "./espeak";
import { findOfflineVoice } from "./voice-table";
import { speechPlan } from "./speech-plan";
import { bandPass } from "./voice-filter";

/** What an empty block sounds like: a short beat of silence, not an error. */
export const SILENCE_MS = 400;

export class OfflineSpeechProvider implements SpeechProvider {
  async synthesize({ text, voiceId, delivery }: SpeechRequest): Promise<SynthesizedSpeech> {
    const voice = findOfflineVoice(voiceId);
    if (!voice) throw new AppError("bad_request", `Unknown voice: ${voiceId}`);
    const sampleRate = await espeakSampleRate();
    // Paced, normalised and delivered as the script asks (speech-plan.ts), spoken from SSML.
    const plan = speechPlan(text, delivery);
    const spoken = plan.words
      ? await espeakSynthesize(plan.ssml, {
          language: voice.language,
          variant: voice.variant,
          rate: voice.rate,
          pitch: voice.pitch,
          range: voice.range,
        })
      : new Int16Array(0);
    const samples = plan.filter && spoken.length ? bandPass(spoken, sampleRate, plan.filter) : spoken;
    if (samples.length === 0) return { wav: silentWav(SILENCE_MS, sampleRate), durationMs: SILENCE_MS };
    return {
      wav: encodeWav({ sampleRate, channels: 1, samples }),
      durationMs: Math.round((samples.length / sampleRate) * 1000),
    };
  }
}
