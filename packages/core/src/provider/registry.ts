import { ElevenLabsSpeechProvider } from "./cloud/elevenlabs-speech";
import { ElevenLabsVoiceCatalog } from "./cloud/elevenlabs-voices";
import { OpenAiImageProvider } from "./cloud/openai-image";
import { OpenAiTextProvider } from "./cloud/openai-text";
import { elevenLabsSettings, openAiSettings, settingsKey, type CloudSettings } from "./cloud/settings";
import { OfflineImageProvider } from "./offline/image";
import { OfflineSpeechProvider } from "./offline/speech";
import { OfflineTextProvider } from "./offline/text";
import { OfflineVoiceCatalog } from "./offline/voices";
import type { TextProvider } from "./text";
import { tableSlots, type ProviderSlots, type SlotProvider } from "./slots";
import type { ImageProvider, SpeechProvider, VoiceCatalog } from "./types";

/**
 * Which provider serves each kind of work. The offline ones are the default;
 * a cloud adapter takes over when its key is in the environment:
 * OPENAI_API_KEY for text and images, ELEVENLABS_API_KEY for speech and
 * voices, each independently (base URLs from OPENAI_BASE_URL and
 * ELEVENLABS_BASE_URL). The keys are read at first use, and again whenever
 * the providers are asked for, so a changed environment takes effect. Tests
 * may swap any of them (fault injection) with `setProviders`.
 */
export interface Providers {
  text: TextProvider;
  image: ImageProvider;
  speech: SpeechProvider;
  voices: VoiceCatalog;
}

let overrides: Partial<Providers> = {};
let defaults: { settings: string; providers: Providers } | undefined;
/** The account-wide concurrency semaphore of each provider (provider/slots.ts); tests without a table swap it. */
let slotsFor: (provider: SlotProvider) => ProviderSlots = tableSlots;

function makeDefaults(openAi: CloudSettings | undefined, elevenLabs: CloudSettings | undefined): Providers {
  const openAiTuning = { slots: slotsFor("OpenAI") };
  const elevenLabsTuning = { slots: slotsFor("ElevenLabs") };
  const cloudVoices = elevenLabs && new ElevenLabsVoiceCatalog(elevenLabs, elevenLabsTuning);
  return {
    text: openAi ? new OpenAiTextProvider(openAi, openAiTuning) : new OfflineTextProvider(),
    image: openAi ? new OpenAiImageProvider(openAi, openAiTuning) : new OfflineImageProvider(),
    // Speech asks the catalogue which ElevenLabs voice is our "george".
    speech: cloudVoices ? new ElevenLabsSpeechProvider(elevenLabs, elevenLabsTuning, (id) => cloudVoices.resolveVoiceId(id)) : new OfflineSpeechProvider(),
    voices: cloudVoices || new OfflineVoiceCatalog(),
  };
}

export function providers(): Providers {
  const openAi = openAiSettings();
  const elevenLabs = elevenLabsSettings();
  const settings = `${settingsKey(openAi)}\u0001${settingsKey(elevenLabs)}`;
  if (defaults?.settings !== settings) defaults = { settings, providers: makeDefaults(openAi, elevenLabs) };
  return { ...defaults.providers, ...overrides };
}

/** Replaces the semaphore the default cloud adapters share (tests without a table); `undefined` restores the table's. */
export function setProviderSlots(factory: ((provider: SlotProvider) => ProviderSlots) | undefined) {
  slotsFor = factory ?? tableSlots;
  defaults = undefined;
}

/** Replaces providers (tests); `setProviders({})` restores the defaults. */
export function setProviders(next: Partial<Providers>) {
  overrides = next;
}
