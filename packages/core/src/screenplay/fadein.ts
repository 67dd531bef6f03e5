import { MAX_UNPACKED_BYTES } from "./constants";
import { notA } from "./errors";
import { parseOsf } from "./osf";
import type { RawScreenplay } from "./raw";
import { decodeText, isZip, refuseKnownBinary } from "./sniff";
import { parseXml } from "./xml";
import { readZipEntry } from "./zip";

/** Fade In (.fadein): a zip archive whose document.xml is Open Screenplay Format. */
export function parseFadeIn(bytes: Uint8Array): RawScreenplay {
  if (!isZip(bytes)) {
    refuseKnownBinary(bytes, "fadein");
    throw notA("fadein", "A .fadein file is a zip archive, and this one is not.", "unsupported_media_type");
  }
  const document = readZipEntry(bytes, "document.xml", MAX_UNPACKED_BYTES, "fadein");
  const { rootName, root } = parseXml(decodeText(document, "fadein"), "fadein");
  return parseOsf(rootName, root, "fadein");
}
