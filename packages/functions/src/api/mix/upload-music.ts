import { AppError, validate } from "@storyboard/core/error";
import { MUSIC_UPLOAD, musicUploadFieldsSchema } from "@storyboard/core/mix/schema";
import { saveMusicUpload } from "@storyboard/core/mix/upload";
import { api } from "../../shared/handler";
import { parseMultipart } from "../../shared/multipart";

/** The writer's own track for the music bed (docs/decisions.md#music-uploads): a form with `file` and `rightsConfirmed`. */
export const handler = api({ bodyKind: "raw" }, async ({ event }) => {
  const form = await parseMultipart(event, MUSIC_UPLOAD.maxBytes);
  const file = form.files.file;
  if (!file || !file.fileName) throw AppError.badRequest("Choose a music track to upload (MP3, WAV or M4A).");
  const { rightsConfirmed } = validate(musicUploadFieldsSchema, form.fields);
  return saveMusicUpload({ fileName: file.fileName, bytes: file.bytes, truncated: file.truncated, rightsConfirmed });
});
