import { describe, expect, it } from "vitest";
import { moderateOffline } from "./offline";
import { moderationReportText } from "./report";

describe("moderationReportText", () => {
  it("summarises a blocked result by level and category, then lists each section", () => {
    const result = moderateOffline([
      { id: "b0001", text: "Fuck this." },
      { id: "b0002", text: "He has sex with the 14-year-old girl." },
      { id: "b0003", text: "Shit. Where's the heroin?" },
    ]);
    expect(moderationReportText(result)).toBe(
      [
        "Content moderation report",
        "=========================",
        "",
        "Result: Upload blocked: the screenplay contains content our content policy does not allow.",
        "",
        "Summary",
        "  Flagged sections: 3",
        "  Blocked:          1",
        "  Warnings:         2",
        "",
        "By category (sections)",
        "  block    Sexual content involving minors          1",
        "  warning  Drugs                                    1",
        "  warning  Strong language                          2",
        "",
        "Flagged sections",
        "",
        "1. [WARNING] Strong language (block b0001)",
        "   Fuck this.",
        "",
        "2. [BLOCK] Sexual content involving minors (block b0002)",
        "   He has sex with the 14-year-old girl.",
        "",
        "3. [WARNING] Strong language, Drugs (block b0003)",
        "   Shit. Where's the heroin?",
        "",
      ].join("\n"),
    );
  });

  it("says when there is nothing to report, and wraps long sections", () => {
    expect(moderationReportText({ canProceed: true, flaggedSections: [] })).toContain("Result: No content was flagged.");
    const long = `${"damn it ".repeat(20)}fuck.`;
    const text = moderationReportText(moderateOffline([{ text: long }]));
    expect(text).toContain("Result: Can proceed with warnings.");
    for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
  });
});
