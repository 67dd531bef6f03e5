import { XMLParser } from "fast-xml-parser";
import { notA } from "./errors";
import type { ScreenplayFormat } from "./types";
import { findXmlProblem } from "./wellformed";

/**
 * A parsed XML element in fast-xml-parser's order-preserving shape:
 * `{ TagName: [children…], ":@": { "@_attr": "value" } }`; text is `{ "#text": "…" }`.
 */
export type XmlElement = { [key: string]: unknown };

// Only the attributes the parsers read are kept; the rest (fonts, colours,
// indents) are many and unused, and dropping them saves parse time and memory.
const KEPT_ATTRIBUTES = new Set([
  "Type",
  "Style", // Final Draft
  "Alignment", // Final Draft: a centred action paragraph is a title card
  "align", // OSF: the same
  "basestylename",
  "basestyle",
  "name",
  "dualdialogue",
  "bookmark",
  "title",
  "written_by",
  "author", // OSF <info>: the writer when the title page names none
  "allcaps",
  "version", // OSF
]);

const parser = new XMLParser({
  ignoreAttributes: (name: string) => !KEPT_ATTRIBUTES.has(name),
  attributeNamePrefix: "@_",
  // No entity processing at all: no DTD, no expansion. Text keeps "&amp;" and
  // the parsers decode the five XML entities and character references themselves.
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  jPath: false,
  // Keeps runs and paragraphs in document order and skips the object-merging pass.
  preserveOrder: true,
  // Scene summaries, arc beats and script notes are never read: keep them as raw text, unparsed.
  stopNodes: ["*.SceneProperties", "*.ScriptNote"],
});

// Indentation between elements: a newline and spaces after a start tag (other than
// <Text>/<text>, whose content is script text) or an end tag, before the next tag.
// Only <Text>/<text> content is ever read, so dropping it changes nothing but
// spares the parser thousands of whitespace nodes.
// "[^<>]" keeps each scan inside one tag, so a run of "<" without ">" stays linear.
const INDENTATION = /(<(?![/!?])(?!(?:Text|text)[\s>/])[^<>]*>|<\/[^<>]+>)[ \t]*\r?\n\s*(?=<)/g;

const DECLARATION = /^<!\s*(DOCTYPE|ENTITY)/i;

function hasDtd(xml: string): boolean {
  for (let at = xml.indexOf("<!"); at !== -1; at = xml.indexOf("<!", at + 2)) {
    if (DECLARATION.test(xml.slice(at, at + 12))) return true;
  }
  return false;
}

/**
 * Parses screenplay XML safely: refuses any DOCTYPE or ENTITY declaration
 * (screenplay formats never have one; it is how entity bombs and external
 * entities get in), refuses malformed XML, and returns the root element's
 * name and content.
 */
export function parseXml(text: string, expected: ScreenplayFormat): { rootName: string; root: XmlElement } {
  const xml = text.trimStart();
  if (!xml) throw notA(expected, "The file is empty.");
  if (!xml.startsWith("<")) throw notA(expected, "It does not contain XML.", "unsupported_media_type");
  if (hasDtd(xml)) {
    throw notA(expected, "It contains a DOCTYPE or ENTITY declaration, which screenplay files never have, so it was refused for safety.");
  }
  const problem = findXmlProblem(xml);
  if (problem) throw notA(expected, `Its XML is malformed: ${problem.message} (line ${problem.line}).`);
  let document: XmlElement[];
  try {
    document = parser.parse(xml.replace(INDENTATION, "$1")) as XmlElement[];
  } catch (error) {
    throw notA(expected, `Its XML could not be read (${(error as Error).message}).`);
  }
  const root = document.find((node) => nameOf(node) !== undefined);
  if (!root) throw notA(expected, "It has no XML root element.");
  return { rootName: nameOf(root) as string, root };
}

/** The element's tag name; undefined for text nodes. */
export function nameOf(node: XmlElement): string | undefined {
  // fast-xml-parser writes the tag first, then ":@" for attributes.
  const key = Object.keys(node)[0];
  return key === undefined || key === "#text" || key === ":@" ? undefined : key;
}

/** The element's child nodes (elements and text) in document order. */
export function childNodes(node: XmlElement | undefined): XmlElement[] {
  if (!node) return [];
  const name = nameOf(node);
  const value = name === undefined ? undefined : node[name];
  return Array.isArray(value) ? (value as XmlElement[]) : [];
}

/** Child elements with this tag, in document order. */
export function children(node: XmlElement | undefined, tag: string): XmlElement[] {
  return childNodes(node).filter((c) => tag in c);
}

/** The first child element with this tag. */
export function child(node: XmlElement | undefined, tag: string): XmlElement | undefined {
  return childNodes(node).find((c) => tag in c);
}

/** An attribute's raw value (entities not yet decoded). */
export function attribute(node: XmlElement | undefined, name: string): string | undefined {
  const value = (node?.[":@"] as Record<string, unknown> | undefined)?.[`@_${name}`];
  return typeof value === "string" ? value : undefined;
}

/** The text of these child nodes joined (entities not yet decoded). */
export function textOfNodes(nodes: XmlElement[]): string {
  let text = "";
  for (const c of nodes) if (typeof c["#text"] === "string") text += c["#text"];
  return text;
}
