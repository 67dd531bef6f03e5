/** Splits action text into sentences (story-facts.ts, nicknames.ts). Pure and browser-safe. */

// Titles end in a full stop that does not end the sentence ("DR. OKAFOR laughs.").
const TITLE = /\b(Dr|Mr|Mrs|Ms|St|Sgt|Lt|Capt|Prof|Jr|Sr)\./gi;

export const sentencesOf = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .replace(TITLE, "$1\u2024")
    .match(/[^.!?]+[.!?]*/g)
    ?.map((s) => s.replace(/\u2024/g, ".").trim())
    .filter(Boolean) ?? [];
