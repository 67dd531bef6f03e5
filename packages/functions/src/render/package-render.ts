import { packageRender } from "@storyboard/core/render/compile";
import { task } from "./task";

export const handler = task("PackageRender", (input) => packageRender(input));
