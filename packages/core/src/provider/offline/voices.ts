/**
 * The offline voice catalogue: the voices of voice-table.ts in the API's
 * shape, and a spoken preview of each.
 */
import { AppError } from "../../error";
import { voicePreviewPath, type SpeechProvider, type Voice, type VoiceCatalog } from "../types";
import { OfflineSpeechProvider } from "./speech";
import { OFFLINE_VOICES, findOfflineVoice } from "./voice-table";

export const PREVIEW_SENTENCE = "Hello, I'm {name}. Every story begins with a single scene, so let's bring yours to life.";

export class OfflineVoiceCatalog implements VoiceCatalog {
  private readonly previews = new Map<string, Promise<Uint8Array>>();

  constructor(private readonly speech: SpeechProvider = new OfflineSpeechProvider()) {}

  async list(): Promise<Voice[]> {
    return OFFLINE_VOICES.map((v) => ({
      voice_id: v.id,
      name: v.name,
      preview_url: voicePreviewPath(v.id),
      labels: { gender: v.gender },
    }));
  }

  /** Previews are cached per voice: they never change and are fetched often. */
  preview(voiceId: string): Promise<Uint8Array> {
    const voice = findOfflineVoice(voiceId);
    if (!voice) return Promise.reject(new AppError("not_found", `Unknown voice: ${voiceId}`));
    let wav = this.previews.get(voiceId);
    if (!wav) {
      wav = this.speech.synthesize({ text: PREVIEW_SENTENCE.replace("{name}", voice.name), voiceId }).then((s) => s.wav);
      wav.catch(() => this.previews.delete(voiceId));
      this.previews.set(voiceId, wav);
    }
    return wav;
  }
}
