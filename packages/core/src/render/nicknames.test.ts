import { strToU8 } from "fflate";
import { corpusAvailable, parsedCorpusScreenplays } from "../screenplay/fixtures/corpus";
import { nightShift } from "../screenplay/fixtures/short";
import { parseScreenplay } from "../screenplay/parse";
import { nicknamesOf } from "./nicknames";
import { characterFacts } from "./story-facts";

const parse = (text: string) => parseScreenplay(strToU8(text), "nicknames.fountain");

const FRIENDS = `Title: Friends

INT. DINER - NIGHT

JOHN (20s) slides into a booth. Lanky, restless. His friends call him Johnny.

ELIZABETH, 30s, a waitress, pours coffee without being asked.

ELIZABETH
Long night, Johnny?

JOHN
Don't start, Liz.

MARCUS "SPARKY" COLE, an electrician, bursts in.

MARCUS
Johnny, wait. Liz, you seen the truck?

ELIZABETH
Well, Marcus, it's out back. Come on, Sparky.
`;

describe("what others call a character (nicknamesOf)", () => {
  it("reads the action's own words: 'his friends call him Johnny', a quoted name inside the name", () => {
    const script = parse(FRIENDS);
    expect(nicknamesOf("JOHN", script.blocks)[0]).toBe("Johnny");
    expect(nicknamesOf("MARCUS", script.blocks)).toContain("Sparky");
  });

  it("hears words of address at the start, in the middle and at the end of a line", () => {
    const script = parse(FRIENDS);
    expect(nicknamesOf("ELIZABETH", script.blocks)).toEqual(["Liz"]);
    expect(characterFacts("ELIZABETH", { gender: "female" }, script.blocks).calledBy).toEqual(["Liz"]);
    // "Well, Marcus," is his own name, not a nickname; "Well" is no name at all.
    expect(nicknamesOf("MARCUS", script.blocks)).not.toContain("Marcus");
    expect(nicknamesOf("MARCUS", script.blocks)).not.toContain("Well");
  });

  it("does not take another character's name for a nickname ('Johnny, wait' when JOHNNY speaks too)", () => {
    const script = parse(`Title: Two Johns

INT. GARAGE - DAY

JOHN
Johnny, wait.

JOHNNY
What now, Johnboy?
`);
    expect(nicknamesOf("JOHN", script.blocks)).toEqual(["Johnboy"]);
    expect(nicknamesOf("JOHNNY", script.blocks)).toEqual([]);
  });

  it("follows the nearest reference: 'call him' after another character is named belongs to that one", () => {
    const script = parse(`Title: Near

INT. OFFICE - DAY

JOHN sits. MARCUS enters, grinning. Everyone calls him Sparky.

JOHN
Hi.

MARCUS
Hi.
`);
    expect(nicknamesOf("MARCUS", script.blocks)).toEqual(["Sparky"]);
    expect(nicknamesOf("JOHN", script.blocks)).toEqual([]);
  });

  it("finds nothing where the project's fixture gives nothing", () => {
    const { fileName, bytes } = nightShift("fdx");
    const script = parseScreenplay(bytes, fileName);
    for (const name of ["PROGRAMMER", "GUARD", "JANITOR"]) expect(nicknamesOf(name, script.blocks)).toEqual([]);
  });

  it.runIf(corpusAvailable())("on the corpus: only short forms of the name, never another character's name or a common word", () => {
    for (const { file, script } of parsedCorpusScreenplays()) {
      const names = Object.keys(script.characterDictionary);
      for (const name of names)
        for (const nickname of nicknamesOf(name, script.blocks)) {
          expect(
            names.map((n) => n.toLowerCase()),
            `${file}: ${name} called ${nickname}`,
          ).not.toContain(nickname.toLowerCase());
          expect(nickname, file).toMatch(/^\p{Lu}/u);
        }
    }
  });
});
