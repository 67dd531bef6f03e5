import { EXPORT_ADVICE, notA } from "./errors";
import type { ScreenplayFormat } from "./types";

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export const isZip = (bytes: Uint8Array) =>
  startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]);

/** Names well-known binary formats people upload by mistake, from their first bytes. */
export function describeBinary(bytes: Uint8Array): string | null {
  if (startsWith(bytes, ascii("%PDF-"))) return "a PDF document";
  if (isZip(bytes)) return "a zip archive (for example a Word .docx or a Fade In .fadein file)";
  if (startsWith(bytes, ascii("{\\rtf"))) return "an RTF document";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return "an old-style Microsoft Office document";
  if (startsWith(bytes, [0x1f, 0x8b])) return "a gzip archive";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) || startsWith(bytes, [0xff, 0xd8, 0xff])) return "an image";
  if (startsWith(bytes, ascii("GIF8"))) return "an image";
  return null;
}

/** Refuses a file whose first bytes say it is some other kind of file. */
export function refuseKnownBinary(bytes: Uint8Array, expected: ScreenplayFormat): void {
  const kind = describeBinary(bytes);
  if (kind) throw notA(expected, `It is ${kind}. ${EXPORT_ADVICE}`, "unsupported_media_type");
}

// 0x80–0x9F in Windows-1252 (Node's TextDecoder decodes that label as Latin-1, so map them here).
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    text += String.fromCharCode(...chunk).replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
  }
  return text;
}

const LEGACY_ENCODING = /encoding\s*=\s*["'](iso-8859-1|iso-8859-15|latin-?1|windows-1252|cp1252|us-ascii)["']/i;
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u001f]/g;

/**
 * Bytes to text: UTF-8 (BOM stripped), UTF-16 with a BOM, or Windows-1252
 * when the XML declaration names a Latin encoding. Refuses anything that decodes to binary.
 */
export function decodeText(bytes: Uint8Array, expected: ScreenplayFormat): string {
  let text: string | undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
  else if (LEGACY_ENCODING.test(String.fromCharCode(...bytes.subarray(0, 200)).split("?>")[0])) {
    text = decodeWindows1252(bytes);
  } else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = undefined;
    }
  }
  const sample = text?.slice(0, 8192) ?? "";
  const controls = sample.match(BINARY_CONTROL)?.length ?? 0;
  if (text === undefined || text.includes("\u0000") || controls > sample.length / 100) {
    throw notA(expected, `It contains binary data, not screenplay text. ${EXPORT_ADVICE}`, "unsupported_media_type");
  }
  return text;
}
