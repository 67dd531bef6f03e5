import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OfflineModerationProvider } from "../../moderation/offline";
import { moderationProvider, setModerationProvider } from "../../moderation/provider";
import { OfflineImageProvider } from "../offline/image";
import { OfflineSpeechProvider } from "../offline/speech";
import { OfflineTextProvider } from "../offline/text";
import { OfflineVoiceCatalog } from "../offline/voices";
import { providers, setProviderSlots, setProviders } from "../registry";
import { DEFAULT_NARRATOR_VOICE_ID } from "../types";
import { ElevenLabsSpeechProvider } from "./elevenlabs-speech";
import { ELEVENLABS_GEORGE_ID, ElevenLabsVoiceCatalog } from "./elevenlabs-voices";
import { OpenAiImageProvider } from "./openai-image";
import { OpenAiModerationProvider } from "./openai-moderation";
import { OpenAiTextProvider } from "./openai-text";
import { openAiError } from "./fixtures/account-answers";
import { moderationResult, startStandIn, type StandIn } from "./stand-in";

const NAMES = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "ELEVENLABS_API_KEY", "ELEVENLABS_BASE_URL"] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
let standIn: StandIn;

function setEnv(values: Partial<Record<(typeof NAMES)[number], string>>) {
  for (const name of NAMES) {
    if (values[name] === undefined) delete process.env[name];
    else process.env[name] = values[name];
  }
}

beforeAll(async () => {
  standIn = await startStandIn();
  // No table in unit tests: the slots are free (the table's semaphore has its own integration test).
  setProviderSlots(() => ({ acquire: async () => async () => {} }));
});
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  setProviders({});
});
afterAll(() => {
  setProviderSlots(undefined);
  return standIn.close();
});

describe("provider selection", () => {
  it("uses the offline providers when no key is set (an empty key counts as unset)", () => {
    setEnv({ OPENAI_API_KEY: "", ELEVENLABS_API_KEY: " " });
    const chosen = providers();
    expect(chosen.text).toBeInstanceOf(OfflineTextProvider);
    expect(chosen.image).toBeInstanceOf(OfflineImageProvider);
    expect(chosen.speech).toBeInstanceOf(OfflineSpeechProvider);
    expect(chosen.voices).toBeInstanceOf(OfflineVoiceCatalog);
    expect(moderationProvider()).toBeInstanceOf(OfflineModerationProvider);
  });

  it("switches text, images and moderation to OpenAI with its key, and only those", () => {
    setEnv({ OPENAI_API_KEY: "sk-test-openai" });
    const chosen = providers();
    expect(chosen.text).toBeInstanceOf(OpenAiTextProvider);
    expect(chosen.image).toBeInstanceOf(OpenAiImageProvider);
    expect(chosen.speech).toBeInstanceOf(OfflineSpeechProvider);
    expect(chosen.voices).toBeInstanceOf(OfflineVoiceCatalog);
    expect(moderationProvider()).toBeInstanceOf(OpenAiModerationProvider);
  });

  it("switches speech and voices to ElevenLabs with its key, and only those", () => {
    setEnv({ ELEVENLABS_API_KEY: "sk_test_elevenlabs" });
    const chosen = providers();
    expect(chosen.text).toBeInstanceOf(OfflineTextProvider);
    expect(chosen.image).toBeInstanceOf(OfflineImageProvider);
    expect(chosen.speech).toBeInstanceOf(ElevenLabsSpeechProvider);
    expect(chosen.voices).toBeInstanceOf(ElevenLabsVoiceCatalog);
    expect(moderationProvider()).toBeInstanceOf(OfflineModerationProvider);
  });

  it("keeps the same instances while the environment does not change, and goes back offline when a key goes", () => {
    setEnv({ OPENAI_API_KEY: "sk-test-openai", ELEVENLABS_API_KEY: "sk_test_elevenlabs" });
    expect(providers().voices).toBe(providers().voices);
    expect(moderationProvider()).toBe(moderationProvider());
    setEnv({ ELEVENLABS_API_KEY: "sk_test_elevenlabs" });
    expect(providers().text).toBeInstanceOf(OfflineTextProvider);
    expect(moderationProvider()).toBeInstanceOf(OfflineModerationProvider);
  });

  it("points the chosen adapters at the base URLs and speaks George through the catalogue", async () => {
    setEnv({ OPENAI_API_KEY: "sk-test-openai", OPENAI_BASE_URL: `${standIn.origin}/openai/v1`, ELEVENLABS_API_KEY: "sk_test_el", ELEVENLABS_BASE_URL: `${standIn.origin}/el/v1` });
    standIn.answer((request) => {
      if (request.path === "/el/v2/voices") {
        const george = { voice_id: ELEVENLABS_GEORGE_ID, name: "George", category: "premade", labels: { gender: "male" }, preview_url: `${standIn.origin}/p.mp3` };
        return { json: { voices: [{ ...george, available_for_tiers: [], high_quality_base_model_ids: [] }], has_more: false, total_count: 1 } };
      }
      if (request.path.startsWith("/el/v1/text-to-speech/")) return { body: Buffer.alloc(2205 * 2), headers: { "content-type": "audio/pcm" } };
      if (request.path === "/openai/v1/moderations") return { json: { id: "modr-1", model: "omni-moderation-latest", results: [moderationResult()] } };
      return { status: 404, json: openAiError(`unexpected ${request.path}`, "unknown_url") };
    });
    expect((await providers().voices.list()).map((v) => v.voice_id)).toEqual([DEFAULT_NARRATOR_VOICE_ID]);
    const { durationMs } = await providers().speech.synthesize({ text: "Hello.", voiceId: DEFAULT_NARRATOR_VOICE_ID });
    expect(durationMs).toBe(100);
    expect(await moderationProvider().moderate([{ text: "Calm sea." }])).toEqual({ canProceed: true, flaggedSections: [] });
    expect(standIn.requests.map((r) => r.path)).toEqual(["/el/v2/voices", `/el/v1/text-to-speech/${ELEVENLABS_GEORGE_ID}`, "/openai/v1/moderations"]);
  });

  it("lets tests replace the moderator whatever the environment", () => {
    setEnv({ OPENAI_API_KEY: "sk-test-openai" });
    const stub = { moderate: async () => ({ canProceed: true, flaggedSections: [] }) };
    const previous = setModerationProvider(stub);
    expect(previous).toBeInstanceOf(OpenAiModerationProvider);
    expect(moderationProvider()).toBe(stub);
    setModerationProvider(previous);
    expect(moderationProvider()).toBe(previous);
  });
});
