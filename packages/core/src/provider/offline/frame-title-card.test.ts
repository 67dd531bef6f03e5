import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { parseScreenplay } from "../../screenplay/parse";
import type { ImageRequest } from "../types";
import { drawingPlan } from "./frame-subjects";
import { TITLE_CARD, titleCardLines } from "./frame-title-card";
import { OfflineImageProvider } from "./image";

const SCRIPT = `EXT. BRICK'S PATIO - DAY

BRICK and STEEL drink beers.

> BRICK BRADDOCK <
> & DICK STEEL IN <

They drink long and well.

> THE END <
`;

const card = (text: string): ImageRequest => ({
  prompt: `Setting: EXT. BRICK'S PATIO - DAY. Characters: BRICK: a man; STEEL: a man. Moment: ${text}. Style: noir`,
  style: "noir",
  scene: { heading: "EXT. BRICK'S PATIO - DAY", interior: false, location: "BRICK'S PATIO", timeOfDay: "DAY" },
  characters: [
    { name: "BRICK", gender: "male", castIndex: 0 },
    { name: "STEEL", gender: "male", castIndex: 1 },
  ],
  blockType: TITLE_CARD,
  text,
  seed: text,
});

describe("title cards (docs/decisions.md#title-cards-and-shots-within-a-scene)", () => {
  it("the Fountain parser marks centred text, and only centred text", () => {
    const { blocks } = parseScreenplay(new TextEncoder().encode(SCRIPT), "brick.fountain");
    const centred = blocks.filter((b) => b.centred).map((b) => b.text);
    expect(centred).toEqual(["BRICK BRADDOCK\n& DICK STEEL IN", "THE END"]);
    expect(blocks.find((b) => b.text.startsWith("They drink"))?.centred).toBeUndefined();
  });

  it("a title card's plan is its lines alone: no place, no people, no props", () => {
    const plan = drawingPlan(card("BRICK BRADDOCK\n& DICK STEEL IN"));
    expect(plan.titleCard).toEqual(["BRICK BRADDOCK", "& DICK STEEL IN"]);
    expect(plan.figures).toEqual([]);
    expect(plan.place).toBe("");
    expect(drawingPlan({ ...card("They drink."), blockType: "action" }).titleCard).toBeUndefined();
  });

  it("long lines wrap at spaces", () => {
    expect(titleCardLines("A STORY OF TWO RETIRED DETECTIVES AND THEIR BEERS")).toEqual(["A STORY OF TWO RETIRED", "DETECTIVES AND THEIR", "BEERS"]);
  });

  it("is drawn as light words on a dark plate", async () => {
    const image = await new OfflineImageProvider({ format: "png" }).generate(card("THE END"));
    const { data, info } = await sharp(image.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[Math.round(y) * info.width + Math.round(x)];
    // The plate's corners are dark; the middle band, where the words are, holds bright ink.
    expect(at(10, 10)).toBeLessThan(50);
    let bright = 0;
    for (let x = info.width * 0.3; x < info.width * 0.7; x++) if (at(x, info.height / 2) > 180) bright++;
    expect(bright).toBeGreaterThan(20);
  });
});
