import { notA } from "./errors";
import type { RawParagraph, RawScreenplay } from "./raw";
import type { ScreenplayFormat } from "./types";
import { cleanText, cleanTitle, decodeXmlEntities, stripInlineTags } from "./text";
import { cleanWriter, writerFromCreditLines } from "./writer-credit";
import { attribute, child, children, textOfNodes, type XmlElement } from "./xml";

const BUILT_IN = new Map<string, RawParagraph["kind"]>([
  ["normal text", "general"],
  ["scene heading", "scene_heading"],
  ["action", "action"],
  ["character", "character"],
  ["parenthetical", "parenthetical"],
  ["dialogue", "dialogue"],
  ["transition", "transition"],
  ["shot", "shot"],
  ["lyrics", "dialogue"],
]);

interface StyleInfo {
  kind: RawParagraph["kind"];
  allCaps: boolean;
  /** Set centred (align="center"), here or by the style it is based on. */
  centred: boolean;
}

const isCentred = (style: XmlElement | undefined) => attribute(style, "align")?.toLowerCase() === "center";

/** A paragraph's style name: OSF 1.2–3.0 say basestylename, 4.0+ basestyle, some paragraphs name=. */
function styleName(style: XmlElement | undefined): string {
  return decodeXmlEntities(attribute(style, "basestylename") ?? attribute(style, "basestyle") ?? attribute(style, "name") ?? "");
}

/** Resolves custom styles ("Title" based on "Action") down to a built-in element. */
function styleResolver(root: XmlElement): (name: string) => StyleInfo {
  const declared = new Map<string, XmlElement>();
  for (const style of children(child(root, "styles"), "style")) {
    const name = decodeXmlEntities(attribute(style, "name") ?? "").toLowerCase();
    if (name) declared.set(name, style);
  }
  const cache = new Map<string, StyleInfo>();
  const resolve = (name: string, depth: number): StyleInfo => {
    const key = name.toLowerCase();
    const style = declared.get(key);
    const allCaps = attribute(style, "allcaps") === "1";
    const centred = isCentred(style);
    const base = styleName(style);
    const builtIn = BUILT_IN.get(key);
    if (builtIn) return { kind: builtIn, allCaps, centred };
    if (!base || depth > 8 || base.toLowerCase() === key) return { kind: "general", allCaps, centred };
    const inherited = resolve(base, depth + 1);
    return { kind: inherited.kind, allCaps: allCaps || inherited.allCaps, centred: centred || inherited.centred };
  };
  return (name) => {
    let info = cache.get(name);
    if (!info) cache.set(name, (info = resolve(name, 0)));
    return info;
  };
}

/** A <para>'s text: its <text> runs concatenated, inline pseudo-HTML removed. */
function runsText(para: XmlElement): string {
  const nodes = para.para;
  if (!Array.isArray(nodes)) return "";
  let text = "";
  for (const node of nodes) {
    if (Array.isArray(node.text)) text += stripInlineTags(decodeXmlEntities(textOfNodes(node.text)));
  }
  return cleanText(text);
}

function titleOf(root: XmlElement): string | undefined {
  const titlePage = children(child(root, "titlepage"), "para");
  const bookmarked = titlePage.find((p) => attribute(p, "bookmark") === "Title");
  const candidates = [
    bookmarked && runsText(bookmarked),
    decodeXmlEntities(attribute(child(root, "info"), "title") ?? ""),
    titlePage.map(runsText).find(Boolean),
  ];
  for (const candidate of candidates) {
    const title = cleanTitle(candidate || undefined);
    if (title) return title;
  }
  return undefined;
}

/** The writer: the title page's credit ("by NAME", or "Written by" over the name), else the <info> element's author. */
function writerOf(root: XmlElement): string | undefined {
  const titlePage = children(child(root, "titlepage"), "para").flatMap((p) => runsText(p).split("\n"));
  const info = child(root, "info");
  const fromInfo = (name: string) => cleanWriter(decodeXmlEntities(attribute(info, name) ?? "") || undefined);
  return writerFromCreditLines(titlePage) ?? fromInfo("written_by") ?? fromInfo("author");
}

/**
 * Open Screenplay Format, versions 1.2 ("12") to 5.0 ("50"), as written by
 * Fade In and the OSF SDK. `format` is "fadein" when the XML came out of a
 * .fadein archive, which only changes the wording of errors.
 */
export function parseOsf(rootName: string, root: XmlElement, format: ScreenplayFormat = "osf"): RawScreenplay {
  if (rootName !== "document" || !child(root, "paragraphs")) {
    throw notA(
      format,
      `It is an XML file whose root element is <${rootName}>, not an Open Screenplay Format <document>.`,
      "unsupported_media_type",
    );
  }
  const resolve = styleResolver(root);
  const paragraphs: RawParagraph[] = [];
  // Fade In flags the first speech of a dual pair; the next speech is its partner.
  let awaitingPartner = false;
  for (const para of children(child(root, "paragraphs"), "para")) {
    const style = child(para, "style");
    const { kind, allCaps, centred } = resolve(styleName(style));
    let text = runsText(para);
    if (!text) continue;
    if (allCaps || attribute(style, "allcaps") === "1") text = text.toUpperCase();
    if (kind === "parenthetical" && !/^[(（].*[)）]$/su.test(text)) text = `(${text})`;
    if (kind === "character") {
      const flagged = attribute(style, "dualdialogue") === "1" || attribute(para, "dualdialogue") === "1";
      const dual = flagged || awaitingPartner;
      awaitingPartner = flagged;
      paragraphs.push(dual ? { kind, text, dual } : { kind, text });
      continue;
    }
    if (kind !== "dialogue" && kind !== "parenthetical") awaitingPartner = false;
    // An action paragraph set centred (its own style or a declared one such as "Title") is a title card, as Fountain's `> TEXT <` is.
    paragraphs.push(kind === "action" && (centred || isCentred(style)) ? { kind, text, centred: true } : { kind, text });
  }
  const writer = writerOf(root);
  return { paragraphs, title: titleOf(root), ...(writer ? { writer } : {}) };
}
