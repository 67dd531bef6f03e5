import { AppError } from "@storyboard/core/error";
import { MAX_UPLOAD_BYTES } from "@storyboard/core/screenplay/constants";
import { uploadScreenplay } from "@storyboard/core/screenplay/upload";
import { api } from "../../shared/handler";
import { parseMultipart } from "../../shared/multipart";

export const handler = api({ bodyKind: "raw" }, async ({ event }) => {
  const form = await parseMultipart(event, MAX_UPLOAD_BYTES);
  const file = form.files.file;
  if (!file || !file.fileName) throw AppError.badRequest("Please choose a screenplay file to upload.");
  if (file.truncated) throw new AppError("payload_too_large", `File size should not exceed ${MAX_UPLOAD_BYTES / 1024 / 1024}MB.`);
  return uploadScreenplay({ title: form.fields.title, fileName: file.fileName, bytes: file.bytes });
});
