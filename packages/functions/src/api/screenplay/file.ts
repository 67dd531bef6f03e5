import { readOriginalFile } from "@storyboard/core/screenplay/records";
import { api } from "../../shared/handler";
import { raw } from "../../shared/http";

/** The original file as uploaded, for the detail page's "view file" link. */
export const handler = api({}, async ({ params }) => {
  const file = await readOriginalFile(params.id);
  return raw(200, file.bytes, file.isZip ? "application/zip" : "text/plain; charset=utf-8", {
    "content-disposition": `${file.isZip ? "attachment" : "inline"}; filename="${encodeURIComponent(file.fileName)}"`,
  });
});
