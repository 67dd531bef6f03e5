import { describeRender } from "@storyboard/core/render/describe";
import { task } from "./task";

export const handler = task("Describe", ({ renderJobId }) => describeRender(renderJobId));
