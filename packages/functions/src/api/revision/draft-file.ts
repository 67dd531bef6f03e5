import { readDraftFile } from "@storyboard/core/revision/drafts";
import { api, validate } from "../../shared/handler";
import { raw } from "../../shared/http";
import { versionNumber } from "./version-number";

/** One draft's file as uploaded. */
export const handler = api({}, async ({ params }) => {
  const file = await readDraftFile(params.id, validate(versionNumber("requested"), params.version));
  return raw(200, file.bytes, file.isZip ? "application/zip" : "text/plain; charset=utf-8", {
    "content-disposition": `${file.isZip ? "attachment" : "inline"}; filename="${encodeURIComponent(file.fileName)}"`,
  });
});
