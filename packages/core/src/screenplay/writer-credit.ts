/**
 * The writer named on a screenplay's title page (docs/decisions.md#the-writer-on-the-title-page):
 * read from the lines the title page sets, as 'Written by NAME', 'by NAME', or a
 * credit line alone ('Written by', 'Screenplay by') with the name on the next line.
 */
import { cleanTitle } from "./text";

/** The credit's own words: "Written by", "Screenplay by", "Teleplay by", "Story by", or a bare "by". */
const CREDIT = /^(?:(?:original\s+)?(?:written|screenplay|teleplay|story|script|words)(?:\s+and\s+\w+)?\s+)?by\b[\s:：]*([^\s:：].*)?$/iu;
/** A writer's name is a line, not a paragraph: anything longer is not a credit. */
const LONGEST_WRITER = 120;

/** A name as the title page sets it: one line, without surrounding quotes, at most LONGEST_WRITER characters. */
export function cleanWriter(value: string | undefined): string | undefined {
  const name = cleanTitle(value);
  if (!name || name.length > LONGEST_WRITER || CREDIT.test(name)) return undefined;
  return name;
}

/** The writer from a title page's lines in order, or undefined when none reads as a credit. */
export function writerFromCreditLines(lines: string[]): string | undefined {
  const texts = lines.map((l) => l.trim()).filter(Boolean);
  for (let i = 0; i < texts.length; i++) {
    const match = CREDIT.exec(texts[i]);
    if (!match) continue;
    const sameLine = cleanWriter(match[1]);
    if (sameLine) return sameLine;
    if (match[1]) continue;
    const next = cleanWriter(texts[i + 1]);
    if (!next) continue;
    // A team set over three lines: "NAME", "&", "NAME".
    const partner = /^(&|and)$/i.test(texts[i + 2] ?? "") ? cleanWriter(texts[i + 3]) : undefined;
    return partner ? `${next} ${texts[i + 2]} ${partner}` : next;
  }
  return undefined;
}
