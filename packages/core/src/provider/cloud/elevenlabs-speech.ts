/**
 * Speech from ElevenLabs as bare 16-bit PCM (ELEVENLABS_OUTPUT_FORMAT, default `pcm_22050`), put
 * in a WAV header here: the compile step times the video from these files,
 * and PCM gives an exact duration where MP3 adds encoder padding.
 */
import { encodeWav, silentWav } from "../../media/wav";
import { DEFAULT_NARRATOR_VOICE_ID, type SpeechProvider, type SpeechRequest, type SynthesizedSpeech } from "../types";
import { ELEVENLABS_GEORGE_ID } from "./elevenlabs-voices";
import { ProviderError, type ProviderClient } from "./http";
import { speechModel, speechOutputFormat } from "./models";
import { elevenLabsClient, type ClientTuning, type CloudSettings } from "./settings";
/** What an empty block sounds like (as offline): a short beat of silence, no request. */
const SILENCE_MS = 400;
/** The model takes 10,000 characters a request; longer text is spoken in sentence-aligned parts. */
const MAX_CHARS_PER_REQUEST = 5000;

/** Maps one of our voice ids to ElevenLabs' (the catalogue knows George's). */
export type VoiceIdResolver = (voiceId: string) => Promise<string>;

const defaultResolver: VoiceIdResolver = async (voiceId) => (voiceId === DEFAULT_NARRATOR_VOICE_ID ? ELEVENLABS_GEORGE_ID : voiceId);

/** Splits text into parts of at most `max` characters, at sentence ends where it can. */
export function splitForSpeech(text: string, max = MAX_CHARS_PER_REQUEST): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    // One character more, so a sentence ending exactly at the limit is seen with its following space.
    const window = rest.slice(0, max + 1);
    const sentenceEnd = Math.max(window.lastIndexOf(". "), window.lastIndexOf("! "), window.lastIndexOf("? "));
    const space = window.lastIndexOf(" ");
    const cut = sentenceEnd > max / 2 ? sentenceEnd + 1 : space > max / 2 ? space : max;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** Little-endian 16-bit samples, whatever the machine's byte order; a trailing odd byte is dropped. */
function pcmSamples(bytes: Uint8Array): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const samples = new Int16Array(Math.floor(bytes.byteLength / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true);
  return samples;
}

export class ElevenLabsSpeechProvider implements SpeechProvider {
  private readonly client: ProviderClient;

  constructor(
    settings: CloudSettings,
    tuning: ClientTuning = {},
    private readonly resolveVoiceId: VoiceIdResolver = defaultResolver,
  ) {
    this.client = elevenLabsClient(settings, tuning);
  }

  async synthesize({ text, voiceId }: SpeechRequest): Promise<SynthesizedSpeech> {
    const words = text.replace(/\s+/g, " ").trim();
    const { format, sampleRate } = speechOutputFormat();
    if (!words) return { wav: silentWav(SILENCE_MS, sampleRate), durationMs: SILENCE_MS };
    const providerVoiceId = await this.resolveVoiceId(voiceId);
    const parts: Int16Array[] = [];
    for (const part of splitForSpeech(words)) parts.push(await this.speak(part, providerVoiceId, voiceId, format));
    const samples = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const part of parts) {
      samples.set(part, offset);
      offset += part.length;
    }
    return {
      wav: encodeWav({ sampleRate, channels: 1, samples }),
      durationMs: Math.round((samples.length / sampleRate) * 1000),
    };
  }

  private async speak(text: string, providerVoiceId: string, voiceId: string, format: string): Promise<Int16Array> {
    let answer: { bytes: Uint8Array; contentType: string };
    try {
      answer = await this.client.bytes({
        operation: "speech",
        method: "POST",
        path: `/text-to-speech/${encodeURIComponent(providerVoiceId)}`,
        query: { output_format: format },
        json: { text, model_id: speechModel() },
      });
    } catch (error) {
      // Not found is final: name our voice id (the writer chose it), never retry.
      if (error instanceof ProviderError && (error.kind === "voice_not_found" || error.status === 404)) {
        throw new ProviderError(`ElevenLabs speech failed: HTTP ${error.status} (voice_not_found): Unknown voice: ${voiceId}`, "ElevenLabs", error.status, "voice_not_found", "voice_not_found");
      }
      throw error;
    }
    // Asked for PCM: an MP3 or a JSON body here would be read as noise.
    if (/json|mpeg|text\//i.test(answer.contentType)) {
      throw new ProviderError(`ElevenLabs speech failed: expected PCM audio, got ${answer.contentType}`, "ElevenLabs", 200, undefined, "bad_request");
    }
    const samples = pcmSamples(answer.bytes);
    if (!samples.length) throw new ProviderError("ElevenLabs speech failed: the answer had no audio", "ElevenLabs", 200, undefined, "bad_answer");
    return samples;
  }
}
