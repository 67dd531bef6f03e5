import { describe, expect, it } from "vitest";
import { generateFeatureFdx } from "../screenplay/fixtures/long";
import { nightShift } from "../screenplay/fixtures/short";
import { parseScreenplay } from "../screenplay/parse";
import { categoriesOf, moderateOffline, OfflineModerationProvider } from "./offline";
import { moderationProvider } from "./provider";

function moderateBytes(bytes: Uint8Array, fileName: string) {
  const parsed = parseScreenplay(bytes, fileName);
  return new OfflineModerationProvider().moderate(parsed.blocks.map((b) => ({ id: b.id, text: b.text })));
}

describe("offline moderation", () => {
  it("lets ordinary screenplays through", async () => {
    const files = [
      ...(["fdx", "osf", "fadein", "fountain"] as const).map((format) => nightShift(format)),
      { fileName: "feature.fdx", bytes: new TextEncoder().encode(generateFeatureFdx(40)) },
    ];
    for (const { fileName, bytes } of files) {
      const result = await moderateBytes(bytes, fileName);
      expect(result.canProceed, fileName).toBe(true);
      expect(result.flaggedSections.filter((s) => s.level === "block"), fileName).toEqual([]);
    }
  });

  it("warns about strong language, drugs, graphic violence and sexual content, by block", async () => {
    const result = await moderationProvider().moderate([
      { id: "b0001", text: "INT. KITCHEN - NIGHT" },
      { id: "b0002", text: "What the fuck did you do?" },
      { id: "b0003", text: "He snorts a line of cocaine off the table." },
      { id: "b0004", text: "The blade comes down and decapitates the guard. Blood sprays the wall." },
      { id: "b0005", text: "They lie naked in the dark." },
    ]);
    expect(result.canProceed).toBe(true);
    expect(result.flaggedSections).toEqual([
      { level: "warning", categories: ["strong_language"], text: "What the fuck did you do?", blockId: "b0002" },
      { level: "warning", categories: ["drugs"], text: "He snorts a line of cocaine off the table.", blockId: "b0003" },
      {
        level: "warning",
        categories: ["graphic_violence"],
        text: "The blade comes down and decapitates the guard. Blood sprays the wall.",
        blockId: "b0004",
      },
      { level: "warning", categories: ["sexual_content"], text: "They lie naked in the dark.", blockId: "b0005" },
    ]);
  });

  it("blocks sexual content involving a minor", () => {
    const result = moderateOffline([{ id: "b0007", text: "He has sex with the 14-year-old girl." }]);
    expect(result.canProceed).toBe(false);
    expect(result.flaggedSections).toEqual([
      { level: "block", categories: ["sexual_content_involving_minors"], text: "He has sex with the 14-year-old girl.", blockId: "b0007" },
    ]);
  });

  it("blocks step-by-step instructions for a mass-harm agent", () => {
    const text = "Step 1: dissolve 40 grams of the precursor. Step 2: heat it to 80 degrees to synthesize the sarin.";
    expect(moderateOffline([{ text }])).toEqual({
      canProceed: false,
      flaggedSections: [{ level: "block", categories: ["weapons_of_mass_harm"], text }],
    });
  });

  it("does not block crime, war and family drama that only mention the words", () => {
    for (const text of [
      "The kids run into the house. Later, the detectives discuss the rape case.",
      "Terrorists have weaponized anthrax! We have six hours.",
      "She was eleven years old when the war started.",
      "He shoots the sheriff twice. The boy screams.",
      "A child's drawing of the family, naked trees in winter behind them.",
    ]) {
      expect(moderateOffline([{ text }]).canProceed, text).toBe(true);
    }
    expect(categoriesOf("The kids run into the house. Later, the detectives discuss the rape case.")).toEqual([]);
  });

  it("does not flag words that merely contain a term", () => {
    expect(categoriesOf("Scunthorpe United beat the Shitake Mushrooms. The heroine smiles. A Coke, please.")).toEqual([]);
  });
});
