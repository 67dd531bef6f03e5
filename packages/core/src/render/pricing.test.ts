import { IMAGE_GENERATION_COST, renderCost, reRenderCost, SIGNUP_BONUS_POINTS } from "./pricing";
import { estimatedCostForPages } from "../screenplay/pages";

describe("render pricing (docs/product.md#constants)", () => {
  it("charges 100 points a page, at least one page", () => {
    expect([renderCost(0), renderCost(1), renderCost(5), renderCost(120)]).toEqual([100, 100, 500, 12000]);
    expect(renderCost(5)).toBe(estimatedCostForPages(5));
  });

  it("charges 40 points a page to re-render and 10 points an image", () => {
    expect([reRenderCost(1), reRenderCost(5)]).toEqual([40, 200]);
    expect(IMAGE_GENERATION_COST).toBe(10);
  });

  it("gives new accounts five pages' worth", () => {
    expect(SIGNUP_BONUS_POINTS).toBe(renderCost(5));
  });
});
