import { useDrawnFrame } from "@storyboard/core/render/on-demand-image";
import { drawnFrameSchema } from "@storyboard/core/render/schema";
import { api } from "../../shared/handler";

/** A refused prompt's free alternative: the frame drawn offline (docs/decisions.md#on-demand-frames). */
export const handler = api({ body: drawnFrameSchema }, async ({ body }) => useDrawnFrame(body));
