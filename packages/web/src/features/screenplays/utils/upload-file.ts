import { ACCEPTED_EXTENSIONS, ACCEPTED_EXTENSIONS_TEXT, MAX_UPLOAD_BYTES } from "@storyboard/core/screenplay/constants";

/** The extensions the file box accepts, lower-case with their dot. */
export const ACCEPTED_EXTENSION_LIST = ACCEPTED_EXTENSIONS.split(",").map((e) => e.trim().toLowerCase());

export const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

export interface FileProblem {
  title: string;
  description: string;
}

/** docs/product.md#screenplays File: the extension must be accepted and the size within the maximum. */
export function checkScreenplayFile(file: { name: string; size: number }): FileProblem | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSION_LIST.some((ext) => name.endsWith(ext))) {
    return { title: "Invalid file type", description: `Please upload a ${ACCEPTED_EXTENSIONS_TEXT} file.` };
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return { title: "File too large", description: `File size should not exceed ${MAX_UPLOAD_MB}MB.` };
  }
  return null;
}

/** The title an upload gets when none is typed: the file name without its extension. */
export function titleFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}
