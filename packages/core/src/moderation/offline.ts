import {
  EXPLICIT_SEXUAL, INSTRUCTION_TERMS, MASS_HARM_AGENT, MINOR, WARNING_TERMS,
} from "./terms";
import {
  CATEGORY_LEVELS, type FlaggedSection, type ModerationCategory, type ModerationProvider, type ModerationResult,
  type ModerationSection,
} from "./types";

const SENTENCE = /[^.!?…\n]+[.!?…]*/gu;
/** Flagged text is kept in the report up to this length. */
const MAX_REPORTED_TEXT = 1000;

function blockCategories(text: string): ModerationCategory[] {
  const found: ModerationCategory[] = [];
  if (MINOR.test(text) && EXPLICIT_SEXUAL.test(text)) {
    for (const [sentence] of text.matchAll(SENTENCE)) {
      if (MINOR.test(sentence) && EXPLICIT_SEXUAL.test(sentence)) {
        found.push("sexual_content_involving_minors");
        break;
      }
    }
  }
  if (MASS_HARM_AGENT.test(text) && INSTRUCTION_TERMS.filter((t) => t.test(text)).length >= 2) {
    found.push("weapons_of_mass_harm");
  }
  return found;
}

/** The categories a piece of text falls under, block-level ones first. */
export function categoriesOf(text: string): ModerationCategory[] {
  const found = blockCategories(text);
  for (const [category, pattern] of Object.entries(WARNING_TERMS) as [ModerationCategory, RegExp][]) {
    // Sexual content involving minors already says it; the warning would repeat it.
    if (category === "sexual_content" && found.includes("sexual_content_involving_minors")) continue;
    if (pattern.test(text)) found.push(category);
  }
  return found;
}

/** Moderates sections synchronously with the word lists. */
export function moderateOffline(sections: ModerationSection[]): ModerationResult {
  const flaggedSections: FlaggedSection[] = [];
  for (const section of sections) {
    const categories = categoriesOf(section.text);
    if (!categories.length) continue;
    const level = categories.some((c) => CATEGORY_LEVELS[c] === "block") ? "block" : "warning";
    const text = section.text.length > MAX_REPORTED_TEXT ? `${section.text.slice(0, MAX_REPORTED_TEXT)}…` : section.text;
    flaggedSections.push(section.id ? { level, categories, text, blockId: section.id } : { level, categories, text });
  }
  return { canProceed: !flaggedSections.some((s) => s.level === "block"), flaggedSections };
}

/**
 * The default moderator: no network, no model, word lists only. It errs on
 * the side of warnings; only unambiguous combinations block an upload.
 */
export class OfflineModerationProvider implements ModerationProvider {
  async moderate(sections: ModerationSection[]): Promise<ModerationResult> {
    return moderateOffline(sections);
  }
}
