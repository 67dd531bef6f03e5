import { readFileSync } from "node:fs";
import path from "node:path";
import { characterHead, OfflineTextProvider } from "../provider/offline/text";
import { CORPUS_DIR, corpusAvailable } from "../screenplay/fixtures/corpus";
import { parseScreenplay } from "../screenplay/parse";
import type { ParsedScreenplay } from "../screenplay/types";
import { KEEPER, NIGHT_CITY } from "./fixtures/cast-scripts";
import { characterFacts } from "./story-facts";

/**
 * The character table (docs/decisions.md#offline-storyboards): for each character, the gender the script shows,
 * the noun for their age and kind, and one relation or role. 90 % of the rows right, and no description that pastes
 * an action line, a heading or a parenthesis.
 */
interface Expected {
  gender: "male" | "female" | "neutral";
  /** The last word of the head: "girl" in "A 12-year-old girl", "terrier" in "A male terrier". */
  noun: string;
  /** A piece of the relation or role, when the script gives one. */
  relation?: string;
}

const TABLE: Record<string, Record<string, Expected>> = {
  keeper: {
    MAISIE: { gender: "female", noun: "girl", relation: "Tom's granddaughter" },
    TOM: { gender: "male", noun: "60s", relation: "the lighthouse keeper" },
    EDITH: { gender: "female", noun: "50s", relation: "Tom's sister" },
    BISCUIT: { gender: "male", noun: "terrier" },
    "FATHER MICHAEL": { gender: "male", noun: "man", relation: "priest" },
    "MRS. O'NEILL": { gender: "female", noun: "woman", relation: "the harbourmaster's wife" },
    SEAN: { gender: "male", noun: "40s", relation: "the harbourmaster" },
    BOY: { gender: "male", noun: "boy" },
    FISHERMAN: { gender: "male", noun: "man" },
    MOLLY: { gender: "female", noun: "woman", relation: "barmaid" },
    "OLD PETE": { gender: "male", noun: "80s" },
    RUFUS: { gender: "male", noun: "dog" },
    "NURSE KELLY": { gender: "female", noun: "30s", relation: "district nurse" },
  },
  city: {
    HOLT: { gender: "neutral", noun: "50s" },
    REYES: { gender: "female", noun: "30s" },
    DIAZ: { gender: "female", noun: "woman", relation: "stern woman" },
    JONAH: { gender: "male", noun: "boy", relation: "brother" },
    "TEENAGE GIRL": { gender: "female", noun: "girl" },
    VOICE: { gender: "female", noun: "woman", relation: "sophisticated-sounding woman" },
    LEO: { gender: "male", noun: "boy" },
    GRACE: { gender: "female", noun: "woman", relation: "elderly waitress" },
    SAM: { gender: "male", noun: "man", relation: "Leo's father" },
    "DR. OKAFOR": { gender: "female", noun: "woman" },
    ORDERLY: { gender: "male", noun: "man" },
    "MR. BLOOM": { gender: "male", noun: "70s", relation: "retired teacher" },
    RUTH: { gender: "female", noun: "woman" },
    "SECURITY GUARD": { gender: "female", noun: "20s" },
    JANITOR: { gender: "male", noun: "man", relation: "wiry man with a mop" },
    MILO: { gender: "male", noun: "boy" },
    ROSE: { gender: "female", noun: "70s", relation: "grandmother" },
    CAT: { gender: "neutral", noun: "cat" },
  },
  // From the optional corpus (docs/decisions.md#offline-storyboards): read only when it is present.
  brick: {
    STEEL: { gender: "male", noun: "man", relation: "Brick's former partner" },
    BRICK: { gender: "male", noun: "detective", relation: "retired police detective" },
    JACK: { gender: "male", noun: "man" },
    DAN: { gender: "male", noun: "man" },
    COGNITO: { gender: "male", noun: "man", relation: "the criminal mastermind" },
    // "His minion": nothing says who the minion is.
    MINION: { gender: "neutral", noun: "person" },
    "HANDSOME MAN": { gender: "male", noun: "man" },
  },
};

const brickAndSteel = () => readFileSync(path.join(CORPUS_DIR, "fountain/Brick-and-Steel.fountain"), "utf8");
const SCRIPTS: Record<string, () => string> = { keeper: () => KEEPER, city: () => NIGHT_CITY, brick: brickAndSteel };
/** Our own scripts always; Brick & Steel when the corpus is there. */
const tableScripts = () => Object.keys(TABLE).filter((key) => key !== "brick" || corpusAvailable());
const text = new OfflineTextProvider();
const parse = (name: string, source: string) => parseScreenplay(new TextEncoder().encode(source), `${name}.fountain`);

async function rowsOf(script: ParsedScreenplay) {
  return Promise.all(
    Object.entries(script.characterDictionary).map(async ([name, character]) => {
      const facts = characterFacts(name, character, script.blocks);
      const description = await text.describeCharacter({ name, character, blocks: script.blocks, facts });
      return { name, gender: character.gender, head: characterHead(facts), relation: facts.relation ?? "", description };
    }),
  );
}

/** No whole action line, no heading, no parenthesis, no centred title in a description. */
function pasted(description: string, script: ParsedScreenplay): string | undefined {
  if (/[()]/.test(description)) return "a parenthesis";
  for (const b of script.blocks) {
    if ((b.type === "action" || b.type === "general") && b.text.length > 30 && description.includes(b.text))
      return `the action line "${b.text}"`;
    if (b.type === "scene_heading" && description.toUpperCase().includes(b.text.toUpperCase())) return `the heading "${b.text}"`;
  }
  return undefined;
}

describe("the character table: written descriptions, the right person", () => {
  it("gets 90 % or more of the 31 characters of our scripts (and Brick & Steel's 7) right and pastes nothing", async () => {
    const wrong: string[] = [];
    let rows = 0;
    for (const key of tableScripts()) {
      const expected = TABLE[key];
      const script = parse(key, SCRIPTS[key]());
      expect(Object.keys(script.characterDictionary).sort()).toEqual(Object.keys(expected).sort());
      for (const row of await rowsOf(script)) {
        rows++;
        const want = expected[row.name];
        const problems = [
          row.gender !== want.gender && `gender ${row.gender}, not ${want.gender}`,
          !row.head.endsWith(want.noun) && !row.description.includes(` ${want.noun}`) && `"${row.head}" is no ${want.noun}`,
          want.relation && !row.description.includes(want.relation) && `no "${want.relation}"`,
        ].filter(Boolean);
        if (problems.length) wrong.push(`${row.name}: ${problems.join("; ")} — ${row.description}`);
        expect(pasted(row.description, script), `${row.name}: ${row.description}`).toBeUndefined();
      }
    }
    expect(rows).toBeGreaterThanOrEqual(corpusAvailable() ? 38 : 31);
    expect(wrong.length / rows, wrong.join("\n")).toBeLessThanOrEqual(0.1);
  });

  it("writes Dick Steel as a man, Brick's former partner, and Maisie as a girl though her sentence says 'him'", async () => {
    const keeper = await rowsOf(parse("keeper", KEEPER));
    expect(keeper.find((r) => r.name === "MAISIE")?.description).toBe(
      "Maisie, a 12-year-old girl, Tom's granddaughter. She is in a yellow raincoat.",
    );
    expect(keeper.find((r) => r.name === "RUFUS")?.description).toBe("Rufus, a male dog.");
  });

  it.runIf(corpusAvailable())("on Brick & Steel from the corpus: the two detectives, composed", async () => {
    const script = parseScreenplay(readFileSync(path.join(CORPUS_DIR, "fountain/Brick-and-Steel.fountain")), "Brick-and-Steel.fountain");
    const rows = await rowsOf(script);
    expect(rows.find((r) => r.name === "STEEL")?.description).toBe(
      "Dick Steel, a man, Brick's former partner and fellow retiree. He is carrying two cold beers.",
    );
    expect(rows.find((r) => r.name === "BRICK")?.description).toBe("Brick Braddock, a retired police detective.");
    for (const row of rows) expect(pasted(row.description, script), `${row.name}: ${row.description}`).toBeUndefined();
  });
});
