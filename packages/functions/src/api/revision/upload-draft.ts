import { AppError } from "@storyboard/core/error";
import { uploadRevisedDraft } from "@storyboard/core/revision/drafts";
import { MAX_UPLOAD_BYTES } from "@storyboard/core/screenplay/constants";
import { api } from "../../shared/handler";
import { parseMultipart } from "../../shared/multipart";

/** 'Upload revised draft': the same form as a first upload, making the next version of this screenplay. */
export const handler = api({ bodyKind: "raw" }, async ({ event, params }) => {
  const form = await parseMultipart(event, MAX_UPLOAD_BYTES);
  const file = form.files.file;
  if (!file || !file.fileName) throw AppError.badRequest("Please choose a screenplay file to upload.");
  if (file.truncated) throw new AppError("payload_too_large", `File size should not exceed ${MAX_UPLOAD_BYTES / 1024 / 1024}MB.`);
  return uploadRevisedDraft(params.id, { fileName: file.fileName, bytes: file.bytes });
});
