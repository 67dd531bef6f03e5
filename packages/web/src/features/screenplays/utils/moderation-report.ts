import { CATEGORY_LABELS, type ModerationCategory, type ModerationResult } from "@storyboard/core/moderation/types";
import { z } from "zod";

/** The body of a 403 `moderation_blocked` answer to an upload, checked before the dialog trusts it. */
export const moderationReportSchema = z.object({
  canProceed: z.boolean(),
  flaggedSections: z.array(
    z.object({
      level: z.enum(["block", "warning"]),
      categories: z.array(z.string()),
      text: z.string(),
      blockId: z.string().optional(),
    }),
  ),
}) satisfies z.ZodType<ModerationResult>;

export type ModerationReport = ModerationResult;

export interface ModerationSummary {
  blocking: number;
  warnings: number;
  /** Category id to the number of flagged sections that carry it: blocking categories first, then most frequent. */
  categories: [string, number][];
}

/** docs/product.md#screenplays: canProceed true is labelled 'Can Proceed with Warnings', otherwise 'Upload Blocked'. */
export function moderationVerdict(report: Pick<ModerationReport, "canProceed">): string {
  return report.canProceed ? "Can Proceed with Warnings" : "Upload Blocked";
}

/** How a category reads in the dialog; unknown ids show as they are. */
export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category as ModerationCategory] ?? category;
}

export function summarizeModeration(report: ModerationReport): ModerationSummary {
  const counts = new Map<string, number>();
  const blockingCategories = new Set<string>();
  let blocking = 0;
  let warnings = 0;
  for (const section of report.flaggedSections) {
    if (section.level === "block") blocking += 1;
    else warnings += 1;
    for (const category of new Set(section.categories)) {
      counts.set(category, (counts.get(category) ?? 0) + 1);
      if (section.level === "block") blockingCategories.add(category);
    }
  }
  const severity = (category: string) => (blockingCategories.has(category) ? 0 : 1);
  const categories = [...counts.entries()].sort(
    (a, b) => severity(a[0]) - severity(b[0]) || b[1] - a[1] || a[0].localeCompare(b[0]),
  );
  return { blocking, warnings, categories };
}

/** The report's file name: the screenplay's name with a suffix, always .txt. */
export function moderationReportFileName(fileName?: string): string {
  const base = fileName?.replace(/\.[^.]+$/, "").replace(/[^\w.-]+/g, "_") || "screenplay";
  return `${base}-moderation-report.txt`;
}
