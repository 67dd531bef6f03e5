import { OpenAiModerationProvider } from "../provider/cloud/openai-moderation";
import { openAiSettings, settingsKey } from "../provider/cloud/settings";
import { OfflineModerationProvider } from "./offline";
import type { ModerationProvider } from "./types";

let replacement: ModerationProvider | undefined;
let chosen: { settings: string; provider: ModerationProvider } | undefined;

/**
 * The moderator uploads go through: OpenAI's when OPENAI_API_KEY is set (read
 * at first use, and again on every call so a changed environment takes
 * effect), otherwise the offline word lists; or whatever replaced them.
 */
export function moderationProvider(): ModerationProvider {
  if (replacement) return replacement;
  const openAi = openAiSettings();
  const settings = settingsKey(openAi);
  if (chosen?.settings !== settings) {
    chosen = { settings, provider: openAi ? new OpenAiModerationProvider(openAi) : new OfflineModerationProvider() };
  }
  return chosen.provider;
}

/** Swaps the moderator, e.g. for a hosted one or in tests; returns the previous one. */
export function setModerationProvider(provider: ModerationProvider): ModerationProvider {
  const previous = moderationProvider();
  replacement = provider;
  return previous;
}
