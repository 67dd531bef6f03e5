import { OfflineTextProvider } from "../provider/offline/text";
import { parseScreenplay } from "../screenplay/parse";
import { nightShift } from "../screenplay/fixtures/short";
import { strToU8 } from "fflate";
import { readFileSync } from "node:fs";
import path from "node:path";
import { CORPUS_DIR, corpusAvailable, parsedCorpusScreenplays } from "../screenplay/fixtures/corpus";
import { characterFacts, sceneFacts, sceneIdsInScriptOrder } from "./story-facts";

/** A one-page script in the shape of a real corpus sample: a talking dog, two scenes. */
const TALKING_DOG = `Title: Sample

FADE IN:

INT. STUDIO APARTMENT - NIGHT

The AUTHOR, 40s, sits at a desk.

AUTHOR
(anguished)
Writers block again!

DISSOLVE TO:

EXT. PARK - DAY

Author is jogging in the rain. DOG runs up to her and speaks in a human voice.

DOG
Bark! Bark! You're trying to write the story from the wrong character's viewpoint.

AUTHOR
(disbelief)
You spoke?

DOG
Better run along.

INT. VET CLINIC - DAY

REX, a scruffy terrier, sits on the table. DR. OKAFOR, a young vet, laughs.

DR. OKAFOR
Rex, you again!
`;

const parse = async (name: string, text: string) => parseScreenplay(strToU8(text), name);
const text = new OfflineTextProvider();

describe("the description builder (docs/product.md#renders)", () => {
  it("knows an animal is not a person, and says so", async () => {
    const script = await parse("dog.fountain", TALKING_DOG);
    const dog = characterFacts("DOG", script.characterDictionary.DOG, script.blocks);
    expect(dog).toMatchObject({ kind: "animal", species: "dog" });
    const description = await text.describeCharacter({
      name: "DOG",
      character: script.characterDictionary.DOG,
      blocks: script.blocks,
      facts: dog,
    });
    expect(description).toMatch(/^A dog\b/);
    expect(description).not.toMatch(/person/i);
    // An animal named only in its introduction ("REX, a scruffy terrier,").
    expect(characterFacts("REX", script.characterDictionary.REX ?? { gender: "neutral" }, script.blocks)).toMatchObject({
      kind: "animal",
      species: "terrier",
    });
  });

  it("reads age, gender, role, delivery and what others call a character", async () => {
    const script = await parse("dog.fountain", TALKING_DOG);
    const author = characterFacts("AUTHOR", script.characterDictionary.AUTHOR, script.blocks);
    expect(author).toMatchObject({ kind: "person", gender: "female", age: "in her 40s", delivery: ["anguished", "disbelief"] });
    expect(author.shown[0]).toBe("The AUTHOR, 40s, sits at a desk.");
    const vet = characterFacts("DR. OKAFOR", { gender: "neutral" }, script.blocks);
    expect(vet).toMatchObject({ age: "young", role: "a young vet" });
    const description = await text.describeCharacter({
      name: "AUTHOR",
      character: script.characterDictionary.AUTHOR,
      blocks: script.blocks,
      facts: author,
    });
    // Composed, never pasted: the name as introduced, age and noun; parentheticals are not strung in.
    expect(description).toBe("Author, a woman in her 40s.");
  });

  it("lists scenes in script order with setting, time of day, weather and mood", async () => {
    const script = await parse("dog.fountain", TALKING_DOG);
    // Stored maps come back in any key order; the order is the script's.
    const shuffled = Object.fromEntries(Object.entries(script.sceneDictionary).reverse());
    const ids = sceneIdsInScriptOrder(shuffled);
    expect(ids.map((id) => script.sceneDictionary[id].location)).toEqual(["STUDIO APARTMENT", "PARK", "VET CLINIC"]);
    const park = ids[1];
    const own = script.blocks.filter((b, i) => {
      const headingIndex = script.blocks.findIndex((x) => x.id === park);
      const next = script.blocks.findIndex((x, j) => j > headingIndex && x.type === "scene_heading");
      return i >= headingIndex && (next < 0 || i < next);
    });
    const facts = sceneFacts(2, script.sceneDictionary[park], own);
    expect(facts).toMatchObject({ number: 2, setting: "Exterior, Park", timeOfDay: "day", weather: "rain" });
    const description = await text.describeScene({ scene: script.sceneDictionary[park], blocks: own, facts });
    expect(description).toMatch(/^Exterior, Park, day\. In rain\./);
  });

  it("keeps the project's own fixture in order and its people people", async () => {
    const { fileName, bytes } = nightShift("fdx");
    const script = parseScreenplay(bytes, fileName);
    expect(sceneIdsInScriptOrder(script.sceneDictionary).map((id) => script.sceneDictionary[id].location)).toEqual(["OFFICE", "COURTYARD"]);
    for (const name of ["PROGRAMMER", "GUARD", "JANITOR"])
      expect(characterFacts(name, script.characterDictionary[name], script.blocks).kind).toBe("person");
  });

  it.runIf(corpusAvailable())("on the corpus: scenes in script order, animals never described as people", async () => {
    let checkedScenes = 0;
    for (const { file, script } of parsedCorpusScreenplays()) {
      const headings = script.blocks.filter((b) => b.type === "scene_heading" && script.sceneDictionary[b.id]).map((b) => b.id);
      const shuffled = Object.fromEntries(Object.entries(script.sceneDictionary).reverse());
      expect(sceneIdsInScriptOrder(shuffled), file).toEqual(headings);
      checkedScenes += headings.length;
      for (const [name, character] of Object.entries(script.characterDictionary)) {
        const facts = characterFacts(name, character, script.blocks);
        if (facts.kind !== "animal") continue;
        const description = await text.describeCharacter({ name, character, blocks: script.blocks, facts });
        expect(description, `${file}: ${name}`).not.toMatch(/\bperson\b/i);
      }
    }
    expect(checkedScenes).toBeGreaterThan(50);
    // Brick & Steel's two retired detectives are people.
    const brick = parseScreenplay(readFileSync(path.join(CORPUS_DIR, "fountain/Brick-and-Steel.fountain")), "Brick-and-Steel.fountain");
    for (const name of ["BRICK", "STEEL"]) expect(characterFacts(name, brick.characterDictionary[name], brick.blocks).kind).toBe("person");
  });
});

describe("animals shown by what they do (issue 29 item 4)", () => {
  const block = (id: string, text: string) => ({ id, type: "action" as const, text });
  it("reads a character who barks or wags as a dog, and one who barks an order as a person", () => {
    const blocks = [block("b1", "BISCUIT shelters under a broken bench."), block("b2", "Biscuit barks at the gulls."), block("b3", "SERGEANT COLE barks an order.")];
    expect(characterFacts("BISCUIT", { gender: "male" }, blocks)).toMatchObject({ kind: "animal", species: "dog" });
    expect(characterFacts("SERGEANT COLE", { gender: "male" }, blocks)).toMatchObject({ kind: "person" });
    expect(characterFacts("MOLLY", { gender: "female" }, [block("b1", "MOLLY happily wags her tail.")])).toMatchObject({ kind: "animal", species: "dog" });
  });
});
