/** Character cue normalisation. Browser-safe. */

const OPENERS = "(（[";
const CLOSERS = ")）]";
// Tried on the last few characters only, so the cost does not grow with the cue.
const BARE_CONTD = /(?<!\s)\s+CONT['’]?D\.?$/iu;
const BARE_CONTD_TAIL = 16;

/**
 * Drops trailing extensions — "(V.O.)", "(O.S.)", "(CONT'D)", "（失われた）",
 * "[cont'd]" — and a bare "CONT'D", from the end inwards. Linear in the length
 * of the cue: each step removes what it scanned.
 */
export function withoutExtensions(cue: string): string {
  let name = cue.trimEnd();
  for (;;) {
    if (CLOSERS.includes(name[name.length - 1] ?? "")) {
      let open = name.length - 2;
      while (open >= 0 && !OPENERS.includes(name[open]) && !CLOSERS.includes(name[open])) open--;
      if (open < 0 || !OPENERS.includes(name[open])) return name;
      name = name.slice(0, open).trimEnd();
    } else {
      const tail = name.slice(-BARE_CONTD_TAIL);
      const contd = BARE_CONTD.exec(tail);
      if (!contd) return name;
      name = name.slice(0, name.length - tail.length + contd.index).trimEnd();
    }
  }
}

/**
 * The one name a character goes by: extensions dropped, Fountain markers (@,
 * ^) dropped, whitespace collapsed, upper case. "Ben", "BeN" and
 * "BEN (V.O.)(CONT'D)" are all "BEN". Returns "" when nothing is left.
 */
export function normaliseCharacterName(raw: string): string {
  let name = raw.replace(/\s+/g, " ").trim().replace(/^@/, "");
  // The dual-dialogue caret ends a cue; one anywhere else is a stray mark, never part of a name.
  name = withoutExtensions(name.replaceAll("^", ""));
  if (name.endsWith(":") || name.endsWith("：")) name = name.slice(0, -1);
  return name.trim().toUpperCase();
}

/** Names in a Final Draft "Cast List" paragraph: "(WALTER, MARY)". */
export function castListNames(text: string): string[] {
  let list = text.trim();
  if (list.startsWith("(") || list.startsWith("（")) list = list.slice(1);
  if (list.endsWith(")") || list.endsWith("）")) list = list.slice(0, -1);
  return list
    .split(/[,;\n]/)
    .map(normaliseCharacterName)
    .filter(Boolean);
}
