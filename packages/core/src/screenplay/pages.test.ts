import { describe, expect, it } from "vitest";
import { POINTS_PER_PAGE, WORDS_PER_PAGE } from "./constants";
import { countWords, estimatedCostForPages, pageCountForWords } from "./pages";
import { parseScreenplay } from "./parse";

describe("page count and cost", () => {
  it("counts a page per started 200 words, at least one", () => {
    expect(WORDS_PER_PAGE).toBe(200);
    expect(pageCountForWords(0)).toBe(1);
    expect(pageCountForWords(1)).toBe(1);
    expect(pageCountForWords(200)).toBe(1);
    expect(pageCountForWords(201)).toBe(2);
    expect(pageCountForWords(24_000)).toBe(120);
  });

  it("charges 100 points a page", () => {
    expect(POINTS_PER_PAGE).toBe(100);
    expect(estimatedCostForPages(1)).toBe(100);
    expect(estimatedCostForPages(17)).toBe(1700);
    expect(estimatedCostForPages(0)).toBe(100);
  });

  it("counts words, not punctuation", () => {
    expect(countWords("INT. KITCHEN - NIGHT")).toBe(3);
    expect(countWords("  Beer's ready!\nAre they -- cold?  ")).toBe(5);
    expect(countWords("...")).toBe(0);
    expect(countWords("Сит хабео еррорибус")).toBe(3);
    // No spaces between Japanese words: two characters count as one word.
    expect(countWords("この場所は何ですか？")).toBe(5);
  });

  it("prices a parsed screenplay from its words", () => {
    const action = Array.from({ length: 401 }, (_, i) => `word${i}`).join(" ");
    const fountain = `INT. ROOM - DAY\n\n${action}\n`;
    const parsed = parseScreenplay(new TextEncoder().encode(fountain), "long.fountain");
    // 3 heading words + 401 action words = 404 words: three pages.
    expect(parsed.pageCount).toBe(3);
    expect(parsed.estimatedCost).toBe(300);
  });
});
