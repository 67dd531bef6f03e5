import { getObjectBytes } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { getOwnScreenplay } from "@storyboard/core/screenplay/records";
import { api } from "../../shared/handler";
import { raw } from "../../shared/http";

/** The original file as uploaded, for the detail page's "view file" link. */
export const handler = api({}, async ({ params }) => {
  const screenplay = await getOwnScreenplay(params.id);
  const bytes = await getObjectBytes(config.uploadsBucket, screenplay.filePath);
  const isZip = screenplay.filePath.endsWith(".fadein");
  return raw(200, bytes, isZip ? "application/zip" : "text/plain; charset=utf-8", {
    "content-disposition": `${isZip ? "attachment" : "inline"}; filename="${encodeURIComponent(screenplay.originalFileName)}"`,
  });
});
