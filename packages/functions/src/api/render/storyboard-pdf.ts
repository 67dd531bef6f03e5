import { relayoutStoryboardPdf } from "@storyboard/core/board/relayout";
import { relayoutPdfSchema } from "@storyboard/core/board/schema";
import { api } from "../../shared/handler";

/** The storyboard PDF laid out again in the layout chosen on the render page. */
export const handler = api({ body: relayoutPdfSchema }, async ({ params, body }) => relayoutStoryboardPdf(params.id, body.layout));
