/**
 * Whether the cloud providers are switched on, read from the environment at
 * the moment a provider is first needed (never at import), so a process that
 * sets its keys late still gets them. See `.env.example`.
 */
import { ProviderClient, type ProviderClientOptions } from "./http";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
export const ELEVENLABS_DEFAULT_BASE_URL = "https://api.elevenlabs.io/v1";

export interface CloudSettings {
  apiKey: string;
  baseUrl: string;
}

const env = (name: string): string | undefined => {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
};

/** OpenAI (text, images, moderation), or undefined when OPENAI_API_KEY is unset. */
export function openAiSettings(): CloudSettings | undefined {
  const apiKey = env("OPENAI_API_KEY");
  return apiKey ? { apiKey, baseUrl: env("OPENAI_BASE_URL") ?? OPENAI_DEFAULT_BASE_URL } : undefined;
}

/** ElevenLabs (speech, voices), or undefined when ELEVENLABS_API_KEY is unset. */
export function elevenLabsSettings(): CloudSettings | undefined {
  const apiKey = env("ELEVENLABS_API_KEY");
  return apiKey ? { apiKey, baseUrl: env("ELEVENLABS_BASE_URL") ?? ELEVENLABS_DEFAULT_BASE_URL } : undefined;
}

/** Identifies a choice of settings, so a registry can tell when the environment changed. */
export const settingsKey = (settings: CloudSettings | undefined) => (settings ? `${settings.baseUrl}\u0000${settings.apiKey}` : "");

/** Tuning of a client (tests shorten the waits). */
export type ClientTuning = Pick<ProviderClientOptions, "timeoutMs" | "maxRetries" | "retryBaseMs" | "slots">;

export const openAiClient = ({ apiKey, baseUrl }: CloudSettings, tuning: ClientTuning = {}) =>
  new ProviderClient({ provider: "OpenAI", baseUrl, authHeaders: { authorization: `Bearer ${apiKey}` }, secrets: [apiKey], ...tuning });

export const elevenLabsClient = ({ apiKey, baseUrl }: CloudSettings, tuning: ClientTuning = {}) =>
  new ProviderClient({ provider: "ElevenLabs", baseUrl, authHeaders: { "xi-api-key": apiKey }, secrets: [apiKey], ...tuning });
