/**
 * Moderation by OpenAI's moderation model, one input per screenplay block,
 * in batches. Screenplays legitimately show violence, sex, drugs and cruelty,
 * so almost everything the model flags is a warning. Only what no story
 * needs blocks an upload:
 *   sexual/minors          -> sexual_content_involving_minors (block)
 *   illicit/violent        -> violent_wrongdoing_instructions (block): instructions
 *                             or advice for violent wrongdoing or getting weapons
 *   self-harm/instructions -> self_harm_instructions (block): how-to for self-harm
 * Everything else flagged is a warning: violence/graphic -> graphic_violence,
 * violence -> violence, sexual -> sexual_content, illicit -> illicit_instructions,
 * hate(/threatening) -> hate, harassment(/threatening) -> harassment,
 * self-harm(/intent) -> self_harm, and any category OpenAI adds later under its
 * own name. OpenAI has no strong-language or drugs category, so those two
 * warnings still come from the offline word lists.
 */
import { categoriesOf } from "../../moderation/offline";
import type { FlaggedSection, ModerationLevel, ModerationProvider, ModerationResult, ModerationSection } from "../../moderation/types";
import { ProviderError, type ProviderClient } from "./http";
import { moderationModel } from "./models";
import { openAiClient, type ClientTuning, type CloudSettings } from "./settings";

/** Our category and its level for each OpenAI category. */
export const OPENAI_CATEGORY_MAP: Record<string, { category: string; level: ModerationLevel }> = {
  "sexual/minors": { category: "sexual_content_involving_minors", level: "block" },
  "illicit/violent": { category: "violent_wrongdoing_instructions", level: "block" },
  "self-harm/instructions": { category: "self_harm_instructions", level: "block" },
  "violence/graphic": { category: "graphic_violence", level: "warning" },
  violence: { category: "violence", level: "warning" },
  sexual: { category: "sexual_content", level: "warning" },
  illicit: { category: "illicit_instructions", level: "warning" },
  hate: { category: "hate", level: "warning" },
  "hate/threatening": { category: "hate", level: "warning" },
  harassment: { category: "harassment", level: "warning" },
  "harassment/threatening": { category: "harassment", level: "warning" },
  "self-harm": { category: "self_harm", level: "warning" },
  "self-harm/intent": { category: "self_harm", level: "warning" },
};
/** Warnings OpenAI does not classify, taken from the offline word lists. */
const WORD_LIST_WARNINGS = new Set(["strong_language", "drugs"]);

export interface ModerationBatching {
  /** Inputs per request. */
  maxInputs?: number;
  /** Characters per request (the model reads ~32k tokens at once; this stays far below). */
  maxChars?: number;
  /** Requests in flight at once. */
  concurrency?: number;
}

const DEFAULTS: Required<ModerationBatching> = { maxInputs: 64, maxChars: 20_000, concurrency: 4 };
/** Flagged text is kept in the report up to this length (as the offline moderator does). */
const MAX_REPORTED_TEXT = 1000;

interface ModerationResponse {
  results?: { flagged?: boolean; categories?: Record<string, boolean | null> }[];
}

/** Our categories for one OpenAI result, block-level first, without repeats. */
export function mapOpenAiCategories(flags: Record<string, boolean | null | undefined>): { category: string; level: ModerationLevel }[] {
  const found = new Map<string, ModerationLevel>();
  for (const [name, flagged] of Object.entries(flags)) {
    if (!flagged) continue;
    const mapped = OPENAI_CATEGORY_MAP[name] ?? { category: name.replace(/[^a-z0-9]+/gi, "_").toLowerCase(), level: "warning" as const };
    if (found.get(mapped.category) !== "block") found.set(mapped.category, mapped.level);
  }
  // Sexual content involving minors already says it; the warning would repeat it.
  if (found.has("sexual_content_involving_minors")) found.delete("sexual_content");
  return [...found].map(([category, level]) => ({ category, level })).sort((a, b) => (a.level === b.level ? 0 : a.level === "block" ? -1 : 1));
}

export class OpenAiModerationProvider implements ModerationProvider {
  private readonly client: ProviderClient;
  private readonly batching: Required<ModerationBatching>;

  constructor(settings: CloudSettings, tuning: ClientTuning = {}, batching: ModerationBatching = {}) {
    this.client = openAiClient(settings, tuning);
    this.batching = { ...DEFAULTS, ...batching };
  }

  async moderate(sections: ModerationSection[]): Promise<ModerationResult> {
    // A section longer than one request's budget is read in pieces; its categories are merged.
    const inputs: { section: number; text: string }[] = [];
    sections.forEach((section, index) => {
      for (let at = 0; at < section.text.length; at += this.batching.maxChars) {
        const text = section.text.slice(at, at + this.batching.maxChars);
        if (text.trim()) inputs.push({ section: index, text });
      }
    });
    const flagsPerInput = await this.classify(inputs.map((i) => i.text));

    const perSection = new Map<number, Map<string, ModerationLevel>>();
    inputs.forEach((input, i) => {
      const found = perSection.get(input.section) ?? new Map<string, ModerationLevel>();
      for (const { category, level } of mapOpenAiCategories(flagsPerInput[i])) {
        if (found.get(category) !== "block") found.set(category, level);
      }
      perSection.set(input.section, found);
    });

    const flaggedSections: FlaggedSection[] = [];
    sections.forEach((section, index) => {
      const found = perSection.get(index) ?? new Map<string, ModerationLevel>();
      for (const category of categoriesOf(section.text)) if (WORD_LIST_WARNINGS.has(category) && !found.has(category)) found.set(category, "warning");
      if (!found.size) return;
      const entries = [...found].sort(([, a], [, b]) => (a === b ? 0 : a === "block" ? -1 : 1));
      const level: ModerationLevel = entries.some(([, l]) => l === "block") ? "block" : "warning";
      const text = section.text.length > MAX_REPORTED_TEXT ? `${section.text.slice(0, MAX_REPORTED_TEXT)}…` : section.text;
      const flagged: FlaggedSection = { level, categories: entries.map(([c]) => c), text };
      flaggedSections.push(section.id ? { ...flagged, blockId: section.id } : flagged);
    });
    return { canProceed: !flaggedSections.some((s) => s.level === "block"), flaggedSections };
  }

  /** The category flags of every text, in order, through batched requests. */
  private async classify(texts: string[]): Promise<Record<string, boolean | null>[]> {
    const batches: { start: number; texts: string[] }[] = [];
    let current: { start: number; texts: string[] } = { start: 0, texts: [] };
    let chars = 0;
    texts.forEach((text, i) => {
      if (current.texts.length && (current.texts.length >= this.batching.maxInputs || chars + text.length > this.batching.maxChars)) {
        batches.push(current);
        current = { start: i, texts: [] };
        chars = 0;
      }
      current.texts.push(text);
      chars += text.length;
    });
    if (current.texts.length) batches.push(current);

    const flags: Record<string, boolean | null>[] = new Array(texts.length);
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        const answer = await this.client.json<ModerationResponse>({
          operation: "moderation",
          method: "POST",
          path: "/moderations",
          json: { model: moderationModel(), input: batch.texts },
        });
        if (answer.results?.length !== batch.texts.length) {
          throw new ProviderError(
            `OpenAI moderation failed: ${answer.results?.length ?? 0} results for ${batch.texts.length} inputs`,
            "OpenAI",
            200,
            undefined,
            "bad_answer",
          );
        }
        answer.results.forEach((result, i) => (flags[batch.start + i] = result.categories ?? {}));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.batching.concurrency, batches.length) }, worker));
    return flags;
  }
}
