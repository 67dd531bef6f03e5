/**
 * Text a person typed, made safe to place anywhere: a Subject header, an
 * attribute, a one-line card (docs/decisions.md#text-placement). Browser-safe:
 * the zod schemas shared with the web use it.
 */

// C0 controls but tab/LF/CR, DEL, C1, and the bidi embeddings, overrides and isolates (U+202A–E, U+2066–9),
// which reorder the text around them; the zero-width marks (LRM, RLM, ALM) only affect their neighbours and stay.
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
const LINE_BREAKS = /[\t\n\r\u0085\u2028\u2029]+/g;

/** One line: controls removed, every run of line breaks or tabs a single space. */
export const singleLine = (s: string) => s.replace(INVISIBLE_CONTROLS, "").replace(LINE_BREAKS, " ");

/** Several lines: controls removed, CR LF and lone CR as LF, tabs kept. */
export const multiLine = (s: string) =>
  s
    .replace(INVISIBLE_CONTROLS, "")
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n");
