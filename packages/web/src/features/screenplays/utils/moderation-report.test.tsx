import { categoryLabel, moderationReportFileName, moderationReportSchema, moderationVerdict, summarizeModeration, type ModerationReport } from "./moderation-report";

const report: ModerationReport = {
  canProceed: false,
  flaggedSections: [
    { level: "block", categories: ["weapons_of_mass_harm", "graphic_violence"], text: "Mix the agent...", blockId: "b0012" },
    { level: "warning", categories: ["graphic_violence"], text: "Blood sprays." },
    { level: "block", categories: ["sexual_content_involving_minors"], text: "..." },
  ],
};

describe("moderation report", () => {
  it("labels the verdict as the spec says", () => {
    expect(moderationVerdict({ canProceed: true })).toBe("Can Proceed with Warnings");
    expect(moderationVerdict({ canProceed: false })).toBe("Upload Blocked");
  });

  it("counts blocking and warning sections and sections per category, blocking categories first", () => {
    expect(summarizeModeration(report)).toEqual({
      blocking: 2,
      warnings: 1,
      categories: [
        ["graphic_violence", 2],
        ["sexual_content_involving_minors", 1],
        ["weapons_of_mass_harm", 1],
      ],
    });
    const warningsOnly: ModerationReport = {
      canProceed: false,
      flaggedSections: [
        { level: "warning", categories: ["strong_language"], text: "a" },
        { level: "warning", categories: ["strong_language", "drugs"], text: "b" },
        { level: "block", categories: ["weapons_of_mass_harm"], text: "c" },
      ],
    };
    expect(summarizeModeration(warningsOnly).categories).toEqual([
      ["weapons_of_mass_harm", 1],
      ["strong_language", 2],
      ["drugs", 1],
    ]);
    expect(summarizeModeration({ canProceed: true, flaggedSections: [] })).toEqual({ blocking: 0, warnings: 0, categories: [] });
  });

  it("names categories as core's catalogue does, unknown ones as they are", () => {
    expect(categoryLabel("graphic_violence")).toBe("Graphic violence");
    expect(categoryLabel("hate")).toBe("Hate");
    expect(categoryLabel("made_up_category")).toBe("made_up_category");
  });

  it("accepts the server's 403 body and refuses anything else", () => {
    const body = { message: "No.", code: "moderation_blocked", ...report };
    expect(moderationReportSchema.parse(body)).toEqual(report);
    expect(moderationReportSchema.safeParse({ message: "Cross-site requests are not allowed.", code: "forbidden" }).success).toBe(false);
    expect(moderationReportSchema.safeParse({ canProceed: false, flaggedSections: [{ level: "severe", categories: [], text: "" }] }).success).toBe(false);
  });

  it("names the report after the screenplay file", () => {
    expect(moderationReportFileName("My Script.fdx")).toBe("My_Script-moderation-report.txt");
    expect(moderationReportFileName()).toBe("screenplay-moderation-report.txt");
  });
});
