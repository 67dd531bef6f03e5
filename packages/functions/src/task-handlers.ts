import type { TaskName } from "@storyboard/core/render/workflow";

/**
 * The module under `packages/functions/src` whose export `handler` runs each
 * task of the render state machines (docs/architecture.md#render-phases).
 * Beside `routes.ts`, its twin for the API: `stacks/render.ts` makes one
 * Lambda of each; the local runner imports the same modules.
 */
export const TASK_HANDLERS: Record<TaskName, string> = {
  Describe: "render/describe",
  PlanBlocks: "render/plan-blocks",
  GenerateBlock: "render/generate-block",
  AssetsGenerated: "render/assets-generated",
  PlanCompile: "render/plan-compile",
  CompileSegment: "render/compile-segment",
  CompileAudio: "render/compile-audio",
  PackageRender: "render/package-render",
  JoinVideo: "render/join-video",
  FinishCompile: "render/finish-compile",
  MarkFailed: "render/mark-failed",
};
