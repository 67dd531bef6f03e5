/**
 * Captions that fit (docs/decisions.md#captions): a line longer than the caption box holds (two lines of
 * CAPTION_LINE_CHARS) is split into parts shown one after another across its shot, each for a share of the shot's
 * time in proportion to its length, so the end of a long line is read too instead of being cut with "…".
 */

export const CAPTION_LINE_CHARS = 62;
export const CAPTION_LINES = 2;

/** Characters a caption line holds in a frame `width` wide (29 px text, about 16.5 px a glyph, 40 px margins): 62 at 1280, 38 at 720. */
export const captionLineChars = (width: number) => Math.min(CAPTION_LINE_CHARS, Math.floor((width - 80) / 16.5));

export interface CaptionPart {
  text: string;
  /** Its share of the shot's time (the shares of a caption add up to 1). */
  share: number;
}

/** Words, with any word longer than a line cut into line-long pieces. */
function wordsOf(text: string, lineChars: number): string[] {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .flatMap((w) => (w.length <= lineChars ? [w] : (w.match(new RegExp(`.{1,${lineChars}}`, "gu")) ?? [w])));
}

/** The caption in parts of at most two lines each; a part ends early at a sentence's end when its second line is half full. */
export function captionParts(text: string, lineChars = CAPTION_LINE_CHARS): CaptionPart[] {
  const parts: string[][] = [];
  let lines: string[] = [];
  let line = "";
  const closePart = () => {
    if (line) lines.push(line);
    if (lines.length) parts.push(lines);
    lines = [];
    line = "";
  };
  for (const word of wordsOf(text, lineChars)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= lineChars) line = next;
    else if (lines.length + 1 < CAPTION_LINES) {
      lines.push(line);
      line = word;
    } else {
      closePart();
      line = word;
    }
    // A sentence that ends late in a part's last line ends the part: the next one starts with a new sentence.
    if (lines.length + 1 === CAPTION_LINES && /[.!?…]["”’)]?$/u.test(word) && line.length >= lineChars / 2) closePart();
  }
  closePart();
  const texts = parts.map((p) => p.join(" "));
  const total = texts.reduce((sum, t) => sum + t.length, 0);
  return texts.map((t) => ({ text: t, share: total ? t.length / total : 1 }));
}

/**
 * Where each part starts and ends within `length` (frames or milliseconds), in whole units, the first at 0 and the
 * last at `length`, every part at least one unit long where there is room.
 */
export function partBounds(parts: readonly CaptionPart[], length: number): { start: number; end: number }[] {
  let at = 0;
  let cumulative = 0;
  return parts.map((part, i) => {
    cumulative += part.share;
    const end = i === parts.length - 1 ? length : Math.max(Math.min(at + 1, length), Math.round(cumulative * length));
    const bounds = { start: at, end };
    at = end;
    return bounds;
  });
}
