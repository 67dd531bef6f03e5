import { compileRender } from "@storyboard/core/render/compile";
import { task } from "./task";

export const handler = task("Compile", ({ renderJobId }) => compileRender(renderJobId));
