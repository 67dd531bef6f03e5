import { assetsGenerated } from "@storyboard/core/render/generate";
import { task } from "./task";

export const handler = task("AssetsGenerated", ({ renderJobId }) => assetsGenerated(renderJobId));
