import { packageRender } from "@storyboard/core/render/package-render";
import { task } from "./task";

export const handler = task("PackageRender", (input) => packageRender(input));
