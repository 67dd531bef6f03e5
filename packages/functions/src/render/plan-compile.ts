import { planCompile } from "@storyboard/core/render/compile";
import { task } from "./task";

export const handler = task("PlanCompile", ({ renderJobId }) => planCompile(renderJobId));
