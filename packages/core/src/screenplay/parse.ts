import { AppError } from "../error";
import { assemble } from "./assemble";
import { ACCEPTED_EXTENSIONS_TEXT, MAX_UPLOAD_BYTES } from "./constants";
import { notA } from "./errors";
import { parseFadeIn } from "./fadein";
import { parseFdx } from "./fdx";
import { parseFountain } from "./fountain";
import { parseOsf } from "./osf";
import type { RawScreenplay } from "./raw";
import { decodeText, refuseKnownBinary } from "./sniff";
import type { ParsedScreenplay, ScreenplayFormat } from "./types";
import { parseXml } from "./xml";

const FORMAT_BY_EXTENSION = new Map<string, ScreenplayFormat>([
  [".fdx", "fdx"],
  [".xml", "osf"],
  [".osf", "osf"],
  [".fadein", "fadein"],
  [".fountain", "fountain"],
]);

const EXTENSION_LIST = ACCEPTED_EXTENSIONS_TEXT;

/** The format a file name promises, or undefined when the extension is not accepted. */
export function formatForFileName(fileName: string): ScreenplayFormat | undefined {
  const extension = /\.[^./\\]+$/.exec(fileName.trim().toLowerCase())?.[0] ?? "";
  return FORMAT_BY_EXTENSION.get(extension);
}

function readXml(text: string, expected: ScreenplayFormat): RawScreenplay & { format: ScreenplayFormat } {
  const { rootName, root } = parseXml(text, expected);
  // .fdx and .xml are both XML; trust the root element over the extension.
  if (rootName === "FinalDraft") return { ...parseFdx(rootName, root), format: "fdx" };
  if (rootName === "document") return { ...parseOsf(rootName, root), format: "osf" };
  const wanted = expected === "fdx" ? "<FinalDraft>" : "an Open Screenplay Format <document>";
  throw notA(expected, `It is an XML file whose root element is <${rootName}>, not ${wanted}.`, "unsupported_media_type");
}

function readRaw(bytes: Uint8Array, expected: ScreenplayFormat): RawScreenplay & { format: ScreenplayFormat } {
  if (expected === "fadein") return { ...parseFadeIn(bytes), format: "fadein" };
  refuseKnownBinary(bytes, expected);
  const text = decodeText(bytes, expected);
  if (!text.trim()) throw notA(expected, "The file is empty.");
  if (expected !== "fountain") return readXml(text, expected);
  if (/^\s*<(\?xml|FinalDraft|document)\b/.test(text)) {
    throw notA(
      "fountain",
      "It is an XML file: give a Final Draft file the .fdx extension, or .xml for Open Screenplay Format.",
      "unsupported_media_type",
    );
  }
  return { ...parseFountain(text), format: "fountain" };
}

/**
 * Parses an uploaded screenplay. The extension says which format to expect
 * and the content must agree (a PDF renamed .fdx is refused, saying so).
 * Every refusal is an AppError with a 4xx status and a message for people.
 */
export function parseScreenplay(bytes: Uint8Array, fileName: string): ParsedScreenplay {
  const expected = formatForFileName(fileName);
  if (!expected) {
    throw new AppError("unsupported_media_type", `Unsupported file type. Please upload a ${EXTENSION_LIST} file.`);
  }
  if (bytes.length > MAX_UPLOAD_BYTES) {
    const size = (bytes.length / (1024 * 1024)).toFixed(1);
    throw new AppError("payload_too_large", `The file is ${size} MB; a screenplay can be at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB.`);
  }
  if (bytes.length === 0) throw notA(expected, "The file is empty.");

  const { format, ...raw } = readRaw(bytes, expected);
  const parsed = assemble(raw, format);
  if (!parsed.blocks.some((b) => b.type !== "general")) {
    throw notA(expected, "It has no screenplay paragraphs (scene headings, action or dialogue).");
  }
  return parsed;
}
