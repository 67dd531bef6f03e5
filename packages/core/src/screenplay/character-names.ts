/** Character cue normalisation. Browser-safe. */

// A trailing "(V.O.)", "(O.S.)", "(CONT'D)", "（失われた）", "[cont'd]"…
const EXTENSION = /\s*[(（[][^()（）[\]]*[)）\]]\s*$/u;
const BARE_CONTD = /\s+CONT['’]?D\.?$/iu;

/**
 * The one name a character goes by: extensions dropped, Fountain markers (@,
 * ^) dropped, whitespace collapsed, upper case. "Ben", "BeN" and
 * "BEN (V.O.)(CONT'D)" are all "BEN". Returns "" when nothing is left.
 */
export function normaliseCharacterName(raw: string): string {
  let name = raw.replace(/\s+/g, " ").trim().replace(/^@/, "").replace(/\s*\^$/, "").trim();
  for (let previous = ""; previous !== name; ) {
    previous = name;
    name = name.replace(EXTENSION, "").replace(BARE_CONTD, "").trim();
  }
  return name.replace(/[:：]$/, "").trim().toUpperCase();
}

/** Names in a Final Draft "Cast List" paragraph: "(WALTER, MARY)". */
export function castListNames(text: string): string[] {
  return text
    .replace(/^\s*[(（]|[)）]\s*$/g, "")
    .split(/[,;\n]/)
    .map(normaliseCharacterName)
    .filter(Boolean);
}
