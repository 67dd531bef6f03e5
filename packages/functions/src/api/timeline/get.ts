import { validate } from "@storyboard/core/error";
import { ownRenderTimeline } from "@storyboard/core/timeline/render-timeline";
import { timelineFormatSchema, timelineQuerySchema } from "@storyboard/core/timeline/schema";
import { api } from "../../shared/handler";
import { raw } from "../../shared/http";

/** One editing timeline of a finished render, as a download (docs/product.md#editing-timelines). */
export const handler = api({ query: timelineQuerySchema }, async ({ params, query }) => {
  const format = validate(timelineFormatSchema, params.format);
  const file = await ownRenderTimeline(params.id, format, query.fps);
  return raw(200, new TextEncoder().encode(file.text), file.contentType, {
    "content-disposition": `attachment; filename="${file.file}"`,
  });
});
