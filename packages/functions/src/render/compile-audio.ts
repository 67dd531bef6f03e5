import { compileAudio } from "@storyboard/core/render/compile";
import { task } from "./task";

export const handler = task("CompileAudio", (input) => compileAudio(input));
