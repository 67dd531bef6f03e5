import { POINTS_PER_PAGE, WORDS_PER_PAGE } from "./constants";

// Scripts without spaces between words (Chinese, Japanese) would count a whole
// sentence as one word; there two characters count as one word, which is close
// to the average word length in those languages.
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu;
const CJK_TEST = new RegExp(CJK.source, "u");
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

function isSpace(code: number): boolean {
  return (
    code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x3000 ||
    (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029
  );
}

function isWordCharacter(code: number, text: string, i: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
  return WORD_CHARACTER.test(text[i]);
}

/** Words in a text: whitespace-separated tokens holding a letter or digit. */
export function countWords(text: string): number {
  if (!CJK_TEST.test(text)) {
    // One pass over the characters; counting with a regex allocates every word.
    let words = 0;
    let inToken = false;
    let counted = false;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (isSpace(code)) {
        inToken = false;
        continue;
      }
      if (!inToken) {
        inToken = true;
        counted = false;
      }
      if (!counted && isWordCharacter(code, text, i)) {
        counted = true;
        words++;
      }
    }
    return words;
  }
  let words = 0;
  for (const token of text.split(/\s+/)) {
    if (!token || !WORD_CHARACTER.test(token)) continue;
    const cjk = token.match(CJK)?.length ?? 0;
    words += cjk > 0 ? Math.ceil(cjk / 2) + (/[A-Za-z0-9]/.test(token.replace(CJK, "")) ? 1 : 0) : 1;
  }
  return words;
}

/** Pages a render is charged for: one per started WORDS_PER_PAGE words, at least one. */
export function pageCountForWords(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_PAGE));
}

/** Points a render of this many pages costs. */
export function estimatedCostForPages(pageCount: number): number {
  return Math.max(1, pageCount) * POINTS_PER_PAGE;
}
