/**
 * The ElevenLabs voice catalogue in our `Voice` shape. `preview_url` is kept
 * as ElevenLabs gives it (a public MP3), and `preview()` fetches that file.
 *
 * The default narrator: renders and the voice picker ask for the voice id
 * "george" (DEFAULT_NARRATOR_VOICE_ID). ElevenLabs' premade George
 * (JBFqnCBsd6RMkjVDRZzb) is listed under that id instead of his own, and
 * `resolveVoiceId` turns "george" back into ElevenLabs' id for speech. If an
 * account has no voice with that id, the first premade voice named George
 * stands in; with none at all, the well-known id is used.
 */
import { AppError } from "../../error";
import { DEFAULT_NARRATOR_VOICE_ID, type Voice, type VoiceCatalog } from "../types";
import { ProviderError, type ProviderClient } from "./http";
import { elevenLabsClient, type ClientTuning, type CloudSettings } from "./settings";

/** ElevenLabs' premade "George" (warm British storyteller). */
export const ELEVENLABS_GEORGE_ID = "JBFqnCBsd6RMkjVDRZzb";
/** Voices rarely change; the list is asked for on every render and preview. */
const LIST_TTL_MS = 10 * 60 * 1000;
const PREVIEW_CACHE_SIZE = 64;
/** /v2/voices pages hold at most 100 voices; 50 pages is far beyond any account's library. */
const VOICE_PAGE_SIZE = 100;
const MAX_VOICE_PAGES = 50;

/** GET /v2/voices (GetVoicesV2Response). */
interface VoicesPage {
  voices?: ElevenLabsVoice[];
  has_more?: boolean;
  total_count?: number | null;
  next_page_token?: string | null;
}

interface ElevenLabsVoice {
  voice_id: string;
  name?: string | null;
  category?: string | null;
  preview_url?: string | null;
  labels?: Record<string, string | null | undefined> | null;
}

interface CatalogState {
  voices: Voice[];
  /** Our voice id -> ElevenLabs' voice id (only George differs). */
  providerIds: Map<string, string>;
}

/** An MP3 file starts with an ID3 tag or an MPEG frame sync. */
export const isMp3 = (bytes: Uint8Array) =>
  (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0);

function findGeorge(voices: ElevenLabsVoice[]): ElevenLabsVoice | undefined {
  return (
    voices.find((v) => v.voice_id === ELEVENLABS_GEORGE_ID) ??
    voices.find((v) => v.category === "premade" && /^george\b/i.test(v.name?.trim() ?? ""))
  );
}

export class ElevenLabsVoiceCatalog implements VoiceCatalog {
  readonly previewContentType = "audio/mpeg" as const;
  private readonly client: ProviderClient;
  private state?: Promise<CatalogState>;
  private expiresAt = 0;
  private readonly previews = new Map<string, Promise<Uint8Array>>();

  constructor(settings: CloudSettings, tuning: ClientTuning = {}) {
    this.client = elevenLabsClient(settings, tuning);
    // The base URL names v1 (ELEVENLABS_BASE_URL); the voice list lives under v2 beside it.
    const root = settings.baseUrl.replace(/\/v1\/?$/, "");
    this.v2Url = (path) => `${root}/v2${path}`;
  }

  private readonly v2Url: (path: string) => string;

  async list(): Promise<Voice[]> {
    return (await this.load()).voices;
  }

  /** ElevenLabs' id for one of our voice ids ("george" -> George's id; others are ElevenLabs' own). */
  async resolveVoiceId(voiceId: string): Promise<string> {
    if (voiceId !== DEFAULT_NARRATOR_VOICE_ID) return voiceId;
    const state = await this.load().catch(() => undefined);
    return state?.providerIds.get(voiceId) ?? ELEVENLABS_GEORGE_ID;
  }

  /** The voice's preview MP3, fetched once per voice and kept (they do not change). */
  preview(voiceId: string): Promise<Uint8Array> {
    let preview = this.previews.get(voiceId);
    if (!preview) {
      preview = this.fetchPreview(voiceId);
      preview.catch(() => this.previews.delete(voiceId));
      if (this.previews.size >= PREVIEW_CACHE_SIZE) this.previews.delete(this.previews.keys().next().value!);
      this.previews.set(voiceId, preview);
    }
    return preview;
  }

  private async fetchPreview(voiceId: string): Promise<Uint8Array> {
    const voice = (await this.list()).find((v) => v.voice_id === voiceId);
    if (!voice) throw new AppError("not_found", `Unknown voice: ${voiceId}`);
    // Preview files live on a public CDN: the key is not sent there.
    const { bytes } = await this.client.fetchUrl({ operation: "voice preview", path: voice.preview_url });
    if (!isMp3(bytes)) throw new ProviderError("ElevenLabs voice preview failed: the file is not an MP3", "ElevenLabs", 200, undefined, "bad_request");
    return bytes;
  }

  /** The cached list, fetched again once it is older than LIST_TTL_MS; a failed fetch is not kept. */
  private load(): Promise<CatalogState> {
    if (!this.state || Date.now() >= this.expiresAt) {
      const state = this.fetchList();
      this.state = state;
      this.expiresAt = Number.POSITIVE_INFINITY;
      state.then(
        () => (this.expiresAt = Date.now() + LIST_TTL_MS),
        () => {
          if (this.state === state) this.state = undefined;
        },
      );
    }
    return this.state;
  }

  /**
   * Every voice of the account through `GET /v2/voices`, a page of 100 at a
   * time (`/v1/voices` stops working past 500 voices; v2 pages with
   * `next_page_token` while `has_more`).
   */
  private async fetchAllVoices(): Promise<ElevenLabsVoice[]> {
    const voices: ElevenLabsVoice[] = [];
    let token: string | undefined;
    for (let page = 0; page < MAX_VOICE_PAGES; page++) {
      const answer = await this.client.json<VoicesPage>({
        operation: "voice list",
        path: this.v2Url("/voices"),
        query: { page_size: String(VOICE_PAGE_SIZE), include_total_count: "false", ...(token ? { next_page_token: token } : {}) },
      });
      voices.push(...(answer.voices ?? []));
      token = answer.next_page_token ?? undefined;
      if (!answer.has_more || !token) return voices;
    }
    return voices;
  }

  private async fetchList(): Promise<CatalogState> {
    // Every voice offered must be previewable (the picker previews each option).
    const usable = (await this.fetchAllVoices()).filter((v) => v.voice_id && v.name && v.preview_url);
    const george = findGeorge(usable);
    const providerIds = new Map<string, string>();
    const voices = usable.map((v): Voice => {
      const voiceId = v === george ? DEFAULT_NARRATOR_VOICE_ID : v.voice_id;
      providerIds.set(voiceId, v.voice_id);
      const gender = v.labels?.gender?.trim().toLowerCase();
      return { voice_id: voiceId, name: v.name!.trim(), preview_url: v.preview_url!, labels: gender ? { gender } : {} };
    });
    return { voices, providerIds };
  }
}
