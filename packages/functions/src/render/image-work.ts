import type { ImageWorkInput } from "@storyboard/core/render/image-work";
import { finishImageRequest } from "@storyboard/core/render/on-demand-image";
import { task } from "./task";

/** An on-demand frame drawn in the background (invoked asynchronously by the generate-image route; docs/decisions.md#on-demand-frames). */
export const handler = task("ImageWork", (input: ImageWorkInput) => finishImageRequest(input));
