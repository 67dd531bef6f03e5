import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseScreenplay } from "../screenplay/parse";
import { categoriesOf, moderateOffline, OfflineModerationProvider } from "./offline";
import { moderationProvider } from "./provider";

const corpus = path.resolve(fileURLToPath(new URL("../../../../", import.meta.url)), "../shared/corpus");

function moderateFile(relative: string) {
  const parsed = parseScreenplay(new Uint8Array(readFileSync(path.join(corpus, relative))), path.basename(relative));
  return new OfflineModerationProvider().moderate(parsed.blocks.map((b) => ({ id: b.id, text: b.text })));
}

describe("offline moderation", () => {
  it("lets the corpus screenplays through", async () => {
    for (const file of [
      "fdx/storyboarder_fd-v3_rich_dual_scriptnotes.fdx",
      "fountain/Big-Fish.fountain",
      "fountain/Brick-and-Steel.fountain",
      "osf/osfsdk_osf-4.0_sample.xml",
    ]) {
      const result = await moderateFile(file);
      expect(result.canProceed, file).toBe(true);
      expect(result.flaggedSections.filter((s) => s.level === "block"), file).toEqual([]);
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
