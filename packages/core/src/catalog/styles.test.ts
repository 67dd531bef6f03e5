import { describe, expect, it } from "vitest";
import { DEFAULT_STYLE, STYLE_IDS, VISUAL_STYLES, getStyle, isStyleId } from "./styles";

describe("visual styles", () => {
  it("are the six of the spec, in order, with their names", () => {
    expect(VISUAL_STYLES.map((s) => [s.id, s.name])).toEqual([
      ["cinematic", "Cinematic Realism"],
      ["noir", "Gritty Noir"],
      ["ghibli", "Anime (Beta)"],
      ["comic", "Comic Book (Beta)"],
      ["surreal", "Surrealism"],
      ["documentary", "Documentary"],
    ]);
    expect(STYLE_IDS).toEqual(VISUAL_STYLES.map((s) => s.id));
    expect(DEFAULT_STYLE).toBe("cinematic");
  });

  it("each carry a distinct prompt fragment", () => {
    expect(new Set(VISUAL_STYLES.map((s) => s.promptFragment)).size).toBe(6);
    for (const s of VISUAL_STYLES) expect(s.promptFragment.length).toBeGreaterThan(20);
  });

  it("validates ids", () => {
    expect(isStyleId("noir")).toBe(true);
    expect(isStyleId("Cinematic Realism")).toBe(false);
    expect(isStyleId(undefined)).toBe(false);
    expect(getStyle("comic").name).toBe("Comic Book (Beta)");
  });
});
