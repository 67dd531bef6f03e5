import { finishCompile } from "@storyboard/core/render/compile";
import { task } from "./task";

export const handler = task("FinishCompile", (input) => finishCompile(input));
