import { castOrder } from "../../render/cast-order";
import { shotCharacters } from "../../render/block-image";
import { parseScreenplay } from "../../screenplay/parse";
import { corpusAvailable, parsedCorpusScreenplays } from "../../screenplay/fixtures/corpus";
import { generateFeatureFdx } from "../../screenplay/fixtures/long";
import { nightShift } from "../../screenplay/fixtures/short";
import type { ParsedScreenplay } from "../../screenplay/types";
import { strToU8 } from "fflate";
import { colourOf, placeFigures } from "./frame-figures";
import { readFrame } from "./frame-subjects";

/** Every figure colour each character gets across all shots of a screenplay, as the pipeline asks for them. */
function coloursByCharacter(script: ParsedScreenplay): Map<string, Set<string>> {
  const seen = new Map<string, Set<string>>();
  for (const block of script.blocks) {
    const characters = shotCharacters(block, script.characterDictionary);
    if (!characters.length) continue;
    const reading = readFrame({
      prompt: block.text,
      style: "cinematic",
      characters,
      blockType: block.type,
      text: block.text,
      seed: block.id,
    });
    for (const figure of placeFigures(reading.subjects, block.type === "dialogue")) {
      if (!figure.name) continue;
      seen.set(figure.name, (seen.get(figure.name) ?? new Set()).add(figure.colour));
    }
  }
  return seen;
}

function expectDistinctAndStable(script: ParsedScreenplay) {
  const seen = coloursByCharacter(script);
  expect(seen.size).toBeGreaterThan(1);
  for (const [name, colours] of seen) expect([...colours], name).toHaveLength(1);
  const colours = [...seen.values()].map((c) => [...c][0]);
  expect(new Set(colours).size).toBe(colours.length);
  // Apart, not merely unequal, for the twelve most-speaking: hashed hues put two of the fixture's three characters 37 apart.
  const cast = castOrder(script.characterDictionary);
  const leads = [...seen].filter(([name]) => cast.get(name)! < 12).map(([, c]) => [...c][0]);
  expect(closestPair(leads)).toBeGreaterThan(60);
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
/** The RGB distance between the two most alike colours. */
function closestPair(colours: string[]): number {
  let closest = Infinity;
  for (let i = 0; i < colours.length; i++)
    for (let j = i + 1; j < colours.length; j++) {
      const [a, b] = [rgb(colours[i]), rgb(colours[j])];
      closest = Math.min(closest, Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
    }
  return closest;
}

describe("figure colours (docs/decisions.md#what-the-writer-sees)", () => {
  it("gives the N characters of the project's fixture N colours, one per character in every shot", () => {
    const { fileName, bytes } = nightShift("fdx");
    expectDistinctAndStable(parseScreenplay(bytes, fileName));
  });

  it("keeps a feature's whole cast apart, where name hashes collided", () => {
    const script = parseScreenplay(strToU8(generateFeatureFdx(30)), "feature.fdx");
    expect(Object.keys(script.characterDictionary).length).toBeGreaterThanOrEqual(8);
    expectDistinctAndStable(script);
  });

  it("stays distinct past the palette, for people and for animals", () => {
    const people = Array.from({ length: 40 }, (_, castIndex) =>
      colourOf({ name: `P${castIndex}`, gender: "neutral", kind: "person", castIndex }),
    );
    expect(new Set(people).size).toBe(40);
    const coats = Array.from({ length: 12 }, (_, castIndex) =>
      colourOf({ name: `A${castIndex}`, gender: "neutral", kind: "animal", shape: "small", castIndex }),
    );
    expect(new Set(coats).size).toBe(12);
  });

  it.runIf(corpusAvailable())("gives every corpus screenplay's cast distinct colours", () => {
    for (const { script } of parsedCorpusScreenplays()) {
      if (Object.keys(script.characterDictionary).length > 1 && coloursByCharacter(script).size > 1) expectDistinctAndStable(script);
    }
  });
});
