import { CATEGORY_LABELS, CATEGORY_LEVELS, type ModerationCategory, type ModerationResult } from "./types";

const label = (category: string) =>
  Object.hasOwn(CATEGORY_LABELS, category) ? CATEGORY_LABELS[category as ModerationCategory] : category;

/** Wraps text at ~76 columns with an indent, for a readable .txt report. */
function wrap(text: string, indent: string): string {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + word.length + 1 > 76) {
        lines.push(indent + line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(indent + line);
  }
  return lines.join("\n");
}

/**
 * The downloadable plain-text report shown with a content-policy refusal:
 * the outcome, counts by level and by category, then every flagged section.
 */
export function moderationReportText(result: ModerationResult): string {
  const sections = result.flaggedSections;
  const blocked = sections.filter((s) => s.level === "block").length;
  const warnings = sections.length - blocked;
  const outcome = !result.canProceed
    ? "Upload blocked: the screenplay contains content our content policy does not allow."
    : sections.length
      ? "Can proceed with warnings."
      : "No content was flagged.";

  const byCategory = new Map<string, number>();
  for (const s of sections) {
    for (const c of s.categories) {
      const level = Object.hasOwn(CATEGORY_LEVELS, c) ? CATEGORY_LEVELS[c as ModerationCategory] : s.level;
      const key = `${level}\t${c}`;
      byCategory.set(key, (byCategory.get(key) ?? 0) + 1);
    }
  }
  const categoryRows = [...byCategory.entries()]
    .sort(([a], [b]) => (a.startsWith("block") === b.startsWith("block") ? a.localeCompare(b) : a.startsWith("block") ? -1 : 1))
    .map(([key, count]) => {
      const [level, category] = key.split("\t");
      return `  ${level.padEnd(8)} ${label(category).padEnd(40)} ${count}`;
    });

  const out = [
    "Content moderation report",
    "=========================",
    "",
    `Result: ${outcome}`,
    "",
    "Summary",
    `  Flagged sections: ${sections.length}`,
    `  Blocked:          ${blocked}`,
    `  Warnings:         ${warnings}`,
  ];
  if (categoryRows.length) out.push("", "By category (sections)", ...categoryRows);
  if (sections.length) {
    out.push("", "Flagged sections");
    sections.forEach((s, i) => {
      const where = s.blockId ? ` (block ${s.blockId})` : "";
      out.push("", `${i + 1}. [${s.level.toUpperCase()}] ${s.categories.map(label).join(", ")}${where}`, wrap(s.text, "   "));
    });
  }
  return `${out.join("\n")}\n`;
}
