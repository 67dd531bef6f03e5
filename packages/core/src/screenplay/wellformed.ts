/**
 * A single-pass XML well-formedness check: tags nest and close, one root
 * element, attribute values quoted, no bare "&" or "<" in text. It does what
 * fast-xml-parser's XMLValidator does for these files at a fraction of the
 * cost (the parser itself is lenient and would accept truncated files).
 * DOCTYPE declarations are refused before this runs, so none are handled.
 */

// XML name characters, minus every character \s matches (U+3000 and friends sit inside
// \u00C0-\uFFFF), so a name and the whitespace after it can never trade characters.
const NAME_START =
  "A-Za-z_:\\u00C0-\\u167F\\u1681-\\u1FFF\\u200B-\\u2027\\u202A-\\u202E\\u2030-\\u205E\\u2060-\\u2FFF\\u3001-\\uFEFE\\uFF00-\\uFFFF";
const NAME = `[${NAME_START}][${NAME_START}\\w.\\-\\u00B7]*`;
// Each pattern is tried once at one position (sticky), and attributes are read one
// at a time in a loop: a single pattern with (attribute)* overflows the regex
// engine's stack on a tag with a million attributes.
const START_TAG = new RegExp(`<(${NAME})`, "y");
const ATTRIBUTE = new RegExp(`\\s+${NAME}\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, "y");
const START_TAG_END = /\s*(\/?)>/y;
const OTHER_TOKEN = new RegExp(
  `<(?:\\/(${NAME})\\s*>|!--[\\s\\S]*?-->|!\\[CDATA\\[[\\s\\S]*?\\]\\]>|\\?${NAME}(?:\\s[\\s\\S]*?)?\\?>)`,
  "y",
);
const REFERENCE = /&(?:[A-Za-z_][\w.-]*|#[0-9]+|#x[0-9A-Fa-f]+);/y;

interface StartTag {
  name: string;
  selfClosing: boolean;
  end: number;
  /** An attribute value holding a bare "&". */
  badAmpersand: boolean;
}

/** Reads `<name attr="v" …>` at `at`, one attribute at a time; null when it is not a well-formed start tag. */
function readStartTag(xml: string, at: number): StartTag | null {
  START_TAG.lastIndex = at;
  const start = START_TAG.exec(xml);
  if (!start) return null;
  let pos = START_TAG.lastIndex;
  let badAmpersand = false;
  for (;;) {
    ATTRIBUTE.lastIndex = pos;
    const attribute = ATTRIBUTE.exec(xml);
    if (!attribute) break;
    const value = attribute[1] ?? attribute[2];
    if (!badAmpersand && value.includes("&") && bareAmpersand(value, 0, value.length) !== -1) badAmpersand = true;
    pos = ATTRIBUTE.lastIndex;
  }
  START_TAG_END.lastIndex = pos;
  const end = START_TAG_END.exec(xml);
  if (!end) return null;
  return { name: start[1], selfClosing: end[1] === "/", end: START_TAG_END.lastIndex, badAmpersand };
}

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
    const tag = readStartTag(xml, lt);
    if (tag) {
      if (open.length === 0 && rootDone) return problem(xml, lt, "there is more than one root element");
      if (tag.badAmpersand) {
        return problem(xml, lt, `an attribute of <${tag.name}> has a "&" that is not part of an entity reference`);
      }
      if (tag.selfClosing) rootDone ||= open.length === 0;
      else open.push(tag.name);
      pos = tag.end;
      continue;
    }
    OTHER_TOKEN.lastIndex = lt;
    const m = OTHER_TOKEN.exec(xml);
    if (!m) return problem(xml, lt, "a tag is malformed");
    if (m[1] !== undefined) {
      const expected = open.pop();
      if (expected !== m[1]) {
        return problem(xml, lt, expected ? `</${m[1]}> closes <${expected}>` : `</${m[1]}> has no opening tag`);
      }
      if (open.length === 0) rootDone = true;
    } else if (m[0].startsWith("<![CDATA[") && open.length === 0) {
      return problem(xml, lt, "there is CDATA outside the root element");
    }
    pos = OTHER_TOKEN.lastIndex;
  }
  if (open.length) return problem(xml, xml.length, `<${open[open.length - 1]}> is never closed`);
  if (!rootDone) return problem(xml, 0, "there is no root element");
  return null;
}
