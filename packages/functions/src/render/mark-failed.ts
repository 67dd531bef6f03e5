import { compileFailed } from "@storyboard/core/render/compile-plan";
import { markRenderFailed } from "@storyboard/core/render/failure";
import { task } from "./task";

interface FailedInput {
  renderJobId: string;
  phase?: string;
  /** Step Functions' Catch puts the error here (ResultPath $.error). */
  error?: { Error?: string; Cause?: string };
  blockId?: string;
  kind?: string;
}

export const handler = task("MarkFailed", async (input: FailedInput) => {
  await markRenderFailed(input.renderJobId, {
    source: "render-pipeline",
    message: [input.error?.Error, input.error?.Cause].filter(Boolean).join(": ") || "Unknown failure",
    blockId: input.blockId,
    kind: input.kind,
  });
  if (input.phase === "compile") await compileFailed(input.renderJobId);
  return { renderJobId: input.renderJobId, status: "failed" };
});
