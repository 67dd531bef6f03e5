import Busboy from "busboy";
import { AppError } from "@storyboard/core/error";
import { type ApiEvent, bodyBytes, header } from "./http";

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, { fileName: string; bytes: Buffer; contentType: string; truncated: boolean }>;
}

export const UNREADABLE_FORM = "The upload was cut short or is not valid form data. Please try again.";

/**
 * Reads a multipart/form-data body. With `maxFileBytes` 0 files are skipped;
 * otherwise one file is kept, marked truncated when it is larger. A body cut
 * short or malformed is a 400: busboy reports it as an "error" on the parser
 * AND on the open file stream, and an error event nobody listens to would end
 * the process (docs/decisions.md#hardening).
 */
export function parseMultipart(event: ApiEvent, maxFileBytes: number, maxFieldBytes = 16 * 1024): Promise<MultipartForm> {
  const contentType = header(event, "content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    throw AppError.badRequest("Send the form as multipart/form-data.");
  }
  return new Promise((resolve, reject) => {
    const form: MultipartForm = { fields: {}, files: {} };
    let settled = false;
    const fail = () => {
      if (settled) return;
      settled = true;
      reject(AppError.badRequest(UNREADABLE_FORM));
    };
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: { "content-type": contentType },
        // Browsers send file names in UTF-8; busboy's default (Latin-1) would turn "Café.fdx" into "CafÃ©.fdx".
        defParamCharset: "utf8",
        // busboy reports the limit once a file REACHES fileSize, so a file of exactly the limit would count as too
        // large: it reads one byte more and the size decides (issue 20).
        limits: { fileSize: maxFileBytes + 1, files: maxFileBytes ? 1 : 0, fields: 20, fieldSize: maxFieldBytes },
      });
    } catch {
      return fail();
    }
    parser.on("field", (name, value) => (form.fields[name] = value));
    parser.on("file", (name, stream, info) => {
      stream.on("error", fail);
      if (!maxFileBytes) return stream.resume();
      const chunks: Buffer[] = [];
      let truncated = false;
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("limit", () => (truncated = true));
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        truncated ||= bytes.length > maxFileBytes;
        form.files[name] = { fileName: info.filename ?? "", bytes: truncated ? bytes.subarray(0, maxFileBytes) : bytes, contentType: info.mimeType, truncated };
      });
    });
    parser.on("error", fail);
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve(form);
    });
    try {
      parser.end(bodyBytes(event));
    } catch {
      fail();
    }
  });
}
