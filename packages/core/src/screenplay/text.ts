/** Text clean-up shared by the format parsers. Browser-safe. */

const NAMED_ENTITIES = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
]);
const ENTITY = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g;

/**
 * Decodes the five predefined XML entities and numeric character references.
 * The XML parser runs with entity processing off (no DTD, no expansion), so
 * this is the only decoding that happens; unknown names stay as written.
 */
export function decodeXmlEntities(value: string): string {
  if (value.indexOf("&") === -1) return value;
  return value.replace(ENTITY, (whole, name: string) => {
    if (name[0] !== "#") return NAMED_ENTITIES.get(name) ?? whole;
    const hex = name[1] === "x" || name[1] === "X";
    const codePoint = parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
    const allowed =
      codePoint === 0x9 ||
      codePoint === 0xa ||
      codePoint === 0xd ||
      (codePoint >= 0x20 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff));
    return allowed ? String.fromCodePoint(codePoint) : "";
  });
}

const LINE_BREAKS = /\r\n?|[\u2028\u2029\u0085\u000b\u000c]/g;
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f\u200b\ufeff]/g;
const HORIZONTAL_SPACE = /[\t \u00a0\u2000-\u200a\u202f\u205f\u3000]+/g;

const NEEDS_CLEANING =
  /[\r\u2028\u2029\u0085\u000b\u000c\u0000-\u0008\u000e-\u001f\u007f\u200b\ufeff\t\u00a0\u2000-\u200a\u202f\u205f\u3000]| [ \n]|\n[ \n]/;

/**
 * Normalises paragraph text: every kind of line break (CRLF, CR, U+2028…)
 * becomes "\n", runs of spaces collapse to one, lines are trimmed and the
 * whole is trimmed. Empty result means "no text".
 */
export function cleanText(value: string): string {
  // Most paragraphs are one clean line: skip the rewriting passes for them.
  if (!NEEDS_CLEANING.test(value)) return value.trim();
  return value
    .replace(LINE_BREAKS, "\n")
    .replace(CONTROL, "")
    .replace(HORIZONTAL_SPACE, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

// OSF stores inline formatting as escaped pseudo-HTML inside the text
// (`&lt;b&gt;bold&lt;/b&gt;`, `&lt;font="Arial"&gt;`, `&lt;rev="1"&gt;`).
// Only these tag names are removed, so a literal "<" typed by the writer survives.
// Two steps keep it linear on any text: CANDIDATE finds each "<…>" without a "<" or
// ">" inside (the scans never overlap), and INLINE_TAG, anchored and unambiguous
// (an unquoted value is not empty and holds no space, quote or "="), decides whether it is one of ours.
const CANDIDATE = /<[^<>]*>/g;
const VALUE = `(?:"[^"]*"|'[^']*'|[^\\s"'=>]+)`;
const INLINE_TAG = new RegExp(
  `^<\\/?(?:b|i|u|s|strike|strikethrough|font|size|bgcolor|fgcolor|color|rev|revision|link|sup|sub|hl|highlight|mark|a|span)` +
    `(?:\\s*=\\s*${VALUE})?(?:\\s+[\\w-]+\\s*=\\s*${VALUE})*\\s*\\/?>$`,
  "i",
);

/** Removes OSF pseudo-HTML formatting tags, keeping their text. */
export function stripInlineTags(value: string): string {
  return value.indexOf("<") === -1 ? value : value.replace(CANDIDATE, (tag) => (INLINE_TAG.test(tag) ? "" : tag));
}

/** Titles that screenwriting apps put in by default; they say nothing about the script. */
const PLACEHOLDER_TITLES = /^(untitled( screenplay| script)?|script title|title)$/i;

/** A usable title from candidate text, or undefined. */
export function cleanTitle(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const title = cleanText(value)
    // cleanText trimmed every line, so only the breaks themselves are left to join.
    .replace(/\n+/g, " ")
    .replace(/^["“”']+|(?<!["“”'])["“”']+$/g, "")
    .trim();
  return title && !PLACEHOLDER_TITLES.test(title) ? title : undefined;
}
