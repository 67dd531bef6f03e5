import { parseAssetFactsName } from "../revision/asset-store";
import { parsePieceFactsName, pieceFactsName } from "./piece-facts";

const KEY = "a".repeat(64);
const rolls = { head: "b".repeat(64), tail: "c".repeat(64) };

describe("a mix piece's facts as a name (piece-facts.ts)", () => {
  it("carries the loudness and rolls there and back, a silent piece's −∞ included", () => {
    for (const loudness of [
      { samples: 2_304_000, integrated: -17.8, truePeak: -1.3, rolls },
      { samples: 9_216, integrated: Number.NEGATIVE_INFINITY, truePeak: Number.NEGATIVE_INFINITY, rolls },
      { samples: 48_000, integrated: -23.456789, truePeak: 0, rolls },
    ]) {
      const name = pieceFactsName(KEY, loudness)!;
      expect(name.startsWith(`mix/${KEY}~`)).toBe(true);
      expect(parsePieceFactsName(name)).toEqual({ key: KEY, loudness });
    }
  });

  it("names no piece kept without rolls, and reads no other name as one", () => {
    expect(pieceFactsName(KEY, { samples: 1, integrated: -20, truePeak: -3 })).toBeUndefined();
    const name = pieceFactsName(KEY, { samples: 10, integrated: -20, truePeak: -3, rolls })!;
    for (const other of [`audio/${KEY}~audio~wav~1840`, name.replace("~10~", "~ten~"), `${name}~more`, name.replace(rolls.head, "xyz"), name.replace("~-20~", "~-2e1~")])
      expect(parsePieceFactsName(other)).toBeUndefined();
    // The assets' facts share the folder: a piece's name is not read as an asset's.
    expect(parseAssetFactsName(name)).toBeUndefined();
  });
});
