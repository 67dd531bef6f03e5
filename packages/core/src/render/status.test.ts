import { canPipelineMove, canUserMove, hasAssets, isActive } from "./status";

describe("render status transitions", () => {
  it("lets the user pass only the two review gates", () => {
    expect(canUserMove("descriptions_ready", "generating_assets")).toBe(true);
    expect(canUserMove("assets_ready", "rendering")).toBe(true);
    expect(canUserMove("queued", "generating_assets")).toBe(false);
    expect(canUserMove("descriptions_ready", "complete")).toBe(false);
    expect(canUserMove("complete", "rendering")).toBe(false);
    expect(canUserMove("failed", "generating_assets")).toBe(false);
  });

  it("lets the pipeline move forward or fail, never backwards past a gate", () => {
    expect(canPipelineMove("queued", "descriptions_ready")).toBe(true);
    expect(canPipelineMove("generating_assets", "assets_ready")).toBe(true);
    expect(canPipelineMove("compiling", "complete")).toBe(true);
    expect(canPipelineMove("rendering", "failed")).toBe(true);
    expect(canPipelineMove("complete", "queued")).toBe(false);
    expect(canPipelineMove("assets_ready", "descriptions_ready")).toBe(false);
  });

  it("polls while active and shows assets from assets_ready on", () => {
    expect(["queued", "rendering", "compiling", "generating_assets", "descriptions_ready"].every((s) => isActive(s as never))).toBe(true);
    expect(isActive("complete")).toBe(false);
    expect(isActive("assets_ready")).toBe(false);
    expect(hasAssets("assets_ready") && hasAssets("complete")).toBe(true);
    expect(hasAssets("rendering")).toBe(false);
  });
});
