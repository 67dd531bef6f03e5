import Busboy from "busboy";
import { AppError } from "@storyboard/core/error";
import { type ApiEvent, bodyBytes, header } from "./http";

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, { fileName: string; bytes: Buffer; contentType: string; truncated: boolean }>;
}

/**
 * Reads a multipart/form-data body. With `maxFileBytes` 0 files are skipped;
 * otherwise one file is kept, marked truncated when it is larger.
 */
export function parseMultipart(event: ApiEvent, maxFileBytes: number, maxFieldBytes = 16 * 1024): Promise<MultipartForm> {
  const contentType = header(event, "content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    throw AppError.badRequest("Send the form as multipart/form-data.");
  }
  return new Promise((resolve, reject) => {
    const form: MultipartForm = { fields: {}, files: {} };
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: { "content-type": contentType },
        limits: { fileSize: maxFileBytes, files: maxFileBytes ? 1 : 0, fields: 20, fieldSize: maxFieldBytes },
      });
    } catch {
      return reject(AppError.badRequest("The form data could not be read."));
    }
    parser.on("field", (name, value) => (form.fields[name] = value));
    parser.on("file", (name, stream, info) => {
      if (!maxFileBytes) return stream.resume();
      const chunks: Buffer[] = [];
      let truncated = false;
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("limit", () => (truncated = true));
      stream.on("end", () => {
        form.files[name] = { fileName: info.filename ?? "", bytes: Buffer.concat(chunks), contentType: info.mimeType, truncated };
      });
    });
    parser.on("error", () => reject(AppError.badRequest("The form data could not be read.")));
    parser.on("close", () => resolve(form));
    parser.end(bodyBytes(event));
  });
}
