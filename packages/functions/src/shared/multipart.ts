import Busboy from "busboy";
import { AppError } from "@storyboard/core/error";
import { type ApiEvent, bodyBytes, header } from "./http";

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, { fileName: string; bytes: Buffer; contentType: string; truncated: boolean }>;
}

/** Reads a multipart/form-data body. Files larger than `maxFileBytes` come back marked truncated. */
export function parseMultipart(event: ApiEvent, maxFileBytes: number): Promise<MultipartForm> {
  const contentType = header(event, "content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    throw AppError.badRequest("Send the screenplay as multipart/form-data with a 'file' field.");
  }
  return new Promise((resolve, reject) => {
    const form: MultipartForm = { fields: {}, files: {} };
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({ headers: { "content-type": contentType }, limits: { fileSize: maxFileBytes, files: 1, fields: 20 } });
    } catch {
      return reject(AppError.badRequest("The upload is not a valid multipart form."));
    }
    parser.on("field", (name, value) => (form.fields[name] = value));
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      let truncated = false;
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("limit", () => (truncated = true));
      stream.on("end", () => {
        form.files[name] = { fileName: info.filename ?? "", bytes: Buffer.concat(chunks), contentType: info.mimeType, truncated };
      });
    });
    parser.on("error", () => reject(AppError.badRequest("The upload is not a valid multipart form.")));
    parser.on("close", () => resolve(form));
    parser.end(bodyBytes(event));
  });
}
