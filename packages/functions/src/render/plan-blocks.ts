import { planBlocks } from "@storyboard/core/render/generate";
import { task } from "./task";

export const handler = task("PlanBlocks", ({ renderJobId }) => planBlocks(renderJobId));
