import { castListNames } from "./character-names";
import { notA } from "./errors";
import type { RawParagraph, RawScreenplay } from "./raw";
import { cleanText, cleanTitle, decodeXmlEntities } from "./text";
import { writerFromCreditLines } from "./writer-credit";
import { attribute, child, childNodes, children, textOfNodes, type XmlElement } from "./xml";

const KINDS = new Map<string, RawParagraph["kind"] | "skip" | "cast">([
  ["scene heading", "scene_heading"],
  ["action", "action"],
  ["character", "character"],
  ["dialogue", "dialogue"],
  ["parenthetical", "parenthetical"],
  ["transition", "transition"],
  ["shot", "shot"],
  ["general", "general"],
  ["lyrics", "dialogue"],
  ["cast list", "cast"],
]);

/** A paragraph's text: its own <Text> runs concatenated (never nested notes or summaries). */
function runsText(nodes: XmlElement[], allCaps: boolean): string {
  let text = "";
  for (const node of nodes) {
    const run = node.Text;
    if (!Array.isArray(run)) continue;
    const value = decodeXmlEntities(textOfNodes(run));
    text += allCaps || attribute(node, "Style")?.includes("AllCaps") ? value.toUpperCase() : value;
  }
  return cleanText(text);
}

/** Element types whose font is styled AllCaps in this file's ElementSettings. */
function allCapsTypes(root: XmlElement): Set<string> {
  const types = new Set<string>();
  for (const settings of children(root, "ElementSettings")) {
    const style = attribute(child(settings, "FontSpec"), "Style") ?? "";
    if (style.includes("AllCaps")) types.add((attribute(settings, "Type") ?? "").toLowerCase());
  }
  return types;
}

/**
 * Final Draft (.fdx, every version seen so far: 1 to 5, and files written by
 * Fade In, Trelby and converters). Reads <Content> paragraphs and the
 * <DualDialogue> groups nested inside them; script notes, scene summaries and
 * outline elements are not script text and are left out.
 */
export function parseFdx(rootName: string, root: XmlElement): RawScreenplay {
  if (rootName !== "FinalDraft") {
    throw notA("fdx", `It is an XML file whose root element is <${rootName}>, not <FinalDraft>.`, "unsupported_media_type");
  }
  const caps = allCapsTypes(root);
  const paragraphs: RawParagraph[] = [];
  const extraCharacters: string[] = [];

  const walk = (list: XmlElement[], dual: boolean) => {
    for (const p of list) {
      const nodes = p.Paragraph;
      if (!Array.isArray(nodes)) continue;
      const type = (attribute(p, "Type") ?? "").toLowerCase();
      const kind = KINDS.get(type) ?? (type.startsWith("outline") ? "skip" : "general");
      if (kind === "cast") extraCharacters.push(...castListNames(runsText(nodes, false)));
      else if (kind !== "skip") {
        const text = runsText(nodes, caps.has(type));
        // An action paragraph set centred is a title card, as Fountain's `> TEXT <` is.
        const centred = kind === "action" && attribute(p, "Alignment")?.toLowerCase() === "center";
        paragraphs.push(dual && kind === "character" ? { kind, text, dual } : centred ? { kind, text, centred } : { kind, text });
      }
      for (const node of nodes) {
        if (node.DualDialogue !== undefined) walk(children(node, "Paragraph"), true);
      }
    }
  };
  walk(children(child(root, "Content"), "Paragraph"), false);

  const titlePage = children(child(child(root, "TitlePage"), "Content"), "Paragraph")
    .map((p) => runsText(childNodes(p), false))
    .filter(Boolean);
  const title = titlePage.length ? cleanTitle(titlePage[0]) : undefined;
  // A paragraph may hold several lines ("Written by\nNAME"): the credit reads them one by one.
  const writer = writerFromCreditLines(titlePage.flatMap((t) => t.split("\n")));
  return { paragraphs, title, ...(writer ? { writer } : {}), extraCharacters };
}
