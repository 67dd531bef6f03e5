/**
 * A single-pass XML well-formedness check: tags nest and close, one root
 * element, attribute values quoted, no bare "&" or "<" in text. It does what
 * fast-xml-parser's XMLValidator does for these files at a fraction of the
 * cost (the parser itself is lenient and would accept truncated files).
 * DOCTYPE declarations are refused before this runs, so none are handled.
 */

const NAME = "[A-Za-z_:\\u00C0-\\uFFFF][\\w.:\\-\\u00B7\\u00C0-\\uFFFF]*";
const ATTRIBUTE = `\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*')`;
const TOKEN = new RegExp(
  `<(?:(${NAME})((?:${ATTRIBUTE})*)\\s*(/?)>|/(${NAME})\\s*>|!--[\\s\\S]*?-->|!\\[CDATA\\[[\\s\\S]*?\\]\\]>|\\?${NAME}(?:\\s[\\s\\S]*?)?\\?>)`,
  "y",
);
const REFERENCE = /&(?:[A-Za-z_][\w.-]*|#[0-9]+|#x[0-9A-Fa-f]+);/y;

export interface XmlProblem {
  line: number;
  message: string;
}

function problem(xml: string, at: number, message: string): XmlProblem {
  let line = 1;
  for (let i = xml.indexOf("\n"); i !== -1 && i < at; i = xml.indexOf("\n", i + 1)) line++;
  return { line, message };
}

/** Index of the first "&" in [from, to) that does not start a character or entity reference, or -1. */
function bareAmpersand(text: string, from: number, to: number): number {
  for (let amp = text.indexOf("&", from); amp !== -1 && amp < to; amp = text.indexOf("&", amp + 1)) {
    REFERENCE.lastIndex = amp;
    if (!REFERENCE.test(text)) return amp;
  }
  return -1;
}

/** null when the document is well-formed, otherwise where and why it is not. */
export function findXmlProblem(xml: string): XmlProblem | null {
  const open: string[] = [];
  let rootDone = false;
  let pos = 0;
  let nextAmpersand = xml.indexOf("&");
  while (pos < xml.length) {
    const lt = xml.indexOf("<", pos);
    const textEnd = lt === -1 ? xml.length : lt;
    if (textEnd > pos) {
      if (open.length === 0 && xml.slice(pos, textEnd).trim()) {
        return problem(xml, pos, "there is text outside the root element");
      }
      if (nextAmpersand !== -1 && nextAmpersand < pos) nextAmpersand = xml.indexOf("&", pos);
      if (nextAmpersand !== -1 && nextAmpersand < textEnd) {
        const bare = bareAmpersand(xml, nextAmpersand, textEnd);
        if (bare !== -1) return problem(xml, bare, 'a "&" is not part of an entity reference');
      }
    }
    if (lt === -1) break;
    TOKEN.lastIndex = lt;
    const m = TOKEN.exec(xml);
    if (!m) return problem(xml, lt, "a tag is malformed");
    if (m[1] !== undefined) {
      if (open.length === 0 && rootDone) return problem(xml, lt, "there is more than one root element");
      if (m[2] && bareAmpersand(m[2], 0, m[2].length) !== -1) {
        return problem(xml, lt, `an attribute of <${m[1]}> has a "&" that is not part of an entity reference`);
      }
      if (m[3]) rootDone ||= open.length === 0;
      else open.push(m[1]);
    } else if (m[4] !== undefined) {
      const expected = open.pop();
      if (expected !== m[4]) {
        return problem(xml, lt, expected ? `</${m[4]}> closes <${expected}>` : `</${m[4]}> has no opening tag`);
      }
      if (open.length === 0) rootDone = true;
    } else if (m[0].startsWith("<![CDATA[") && open.length === 0) {
      return problem(xml, lt, "there is CDATA outside the root element");
    }
    pos = TOKEN.lastIndex;
  }
  if (open.length) return problem(xml, xml.length, `<${open[open.length - 1]}> is never closed`);
  if (!rootDone) return problem(xml, 0, "there is no root element");
  return null;
}
