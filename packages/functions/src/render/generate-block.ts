import { type BlockTask, generateBlockAsset } from "@storyboard/core/render/generate";
import { task } from "./task";

export const handler = task("GenerateBlock", (input: BlockTask) => generateBlockAsset(input));
