import { describe, expect, it } from "vitest";
import { drawingPlan } from "./frame-subjects";
import { imageRequest } from "./fixtures/image-request";
import { viewMaskOf } from "./frame-view-mask";
import { sceneSvg } from "./image";

/** Steel at the pool, the prompt's Setting being `setting`: the place the shot continues (render/shot-heading.ts placeScene). */
const pov = (setting: string, moment: string) =>
  imageRequest({ heading: "EXT. BRICK'S POOL - DAY", setting, moment, cast: [["STEEL", "a man", "male"]] });

describe("a point of view through something (docs/decisions.md#title-cards-and-shots-within-a-scene)", () => {
  it.each([
    ["SNIPER SCOPE POV", "scope"],
    ["She looks through the binoculars at the ship.", "binoculars"],
    ["TOM'S POV - through the keyhole", "keyhole"],
    ["He peers down the rifle sight's cross-hairs. POV", "scope"],
    ["MARA'S POV - the door handle turns.", undefined],
    ["The scope of the project is huge.", undefined],
    ["He packs the binoculars.", undefined],
  ])("%s → %s", (text, mask) => {
    expect(viewMaskOf(text)).toBe(mask);
  });

  it("the plan keeps the continued place and the person, seen through the mask; the frame draws it", () => {
    const request = pov("SNIPER SCOPE POV — Sniper scope pov", "From what seems like only INCHES AWAY. Steel's face FILLS the scope.");
    const plan = drawingPlan(request);
    expect(plan.seenThrough).toBe("scope");
    expect(plan.place).toBe(drawingPlan({ ...request, prompt: "Setting: EXT. BRICK'S POOL - DAY. Moment: Steel waits. Style: cinematic" }).place);
    expect(plan.interior).toBe(false);
    expect(plan.figures.map((f) => f.name)).toEqual(["STEEL"]);
    expect(sceneSvg(request)).toContain('mask="url(#view-mask)"');
    expect(sceneSvg(pov("EXT. BRICK'S POOL - DAY", "Steel waits."))).not.toContain("view-mask");
  });
});
