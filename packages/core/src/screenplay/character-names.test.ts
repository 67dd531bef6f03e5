import { describe, expect, it } from "vitest";
import { castListNames, normaliseCharacterName } from "./character-names";
import { parseScreenplay } from "./parse";

describe("character names", () => {
  it("drops extensions and upper-cases", () => {
    expect(normaliseCharacterName("Ben")).toBe("BEN");
    expect(normaliseCharacterName("BeN")).toBe("BEN");
    expect(normaliseCharacterName("HENRY (o.S.)")).toBe("HENRY");
    expect(normaliseCharacterName("EDWARD (V.O.)(CONT'D)")).toBe("EDWARD");
    expect(normaliseCharacterName("PING  (CONT'D)")).toBe("PING");
    expect(normaliseCharacterName("jim (cont’d)")).toBe("JIM");
    expect(normaliseCharacterName("  grim   farmer ")).toBe("GRIM FARMER");
    expect(normaliseCharacterName("MARY CONT'D")).toBe("MARY");
    expect(normaliseCharacterName("THE CROWD (VARIOUS)")).toBe("THE CROWD");
    expect(normaliseCharacterName("ジョン（声）")).toBe("ジョン");
  });

  it("drops Fountain's forced and dual markers", () => {
    expect(normaliseCharacterName("@McCLANE")).toBe("MCCLANE");
    expect(normaliseCharacterName("BRICK ^")).toBe("BRICK");
    expect(normaliseCharacterName("STEEL (O.S.) ^")).toBe("STEEL");
  });

  it("returns an empty name when only an extension is left", () => {
    expect(normaliseCharacterName("(V.O.)")).toBe("");
  });

  it("reads Final Draft cast lists", () => {
    expect(castListNames("(WALTER, Mary)")).toEqual(["WALTER", "MARY"]);
  });

  it("makes one character of every spelling in a screenplay", () => {
    const fountain = "INT. ROOM - DAY\n\nBEN\nHi.\n\nBEN (V.O.)\nStill me.\n\n@Ben (cont'd)\nAnd again.\n";
    const parsed = parseScreenplay(new TextEncoder().encode(fountain), "x.fountain");
    expect(Object.keys(parsed.characterDictionary)).toEqual(["BEN"]);
    expect(parsed.blocks.filter((b) => b.character === "BEN")).toHaveLength(3);
  });
});
