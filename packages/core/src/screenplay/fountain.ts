import { notA } from "./errors";
import type { RawParagraph, RawScreenplay } from "./raw";
import { withoutExtensions } from "./character-names";
import { looksLikeSceneHeading } from "./scene-heading";
import { cleanText, cleanTitle } from "./text";
import { cleanWriter, writerFromCreditLines } from "./writer-credit";

/**
 * Fountain (https://fountain.io/syntax), written here rather than borrowed:
 * title page, scene headings (INT/EXT/EST/I/E, forced ".", Russian ИНТ./НАТ.,
 * full-width "INT。"), character cues (upper case, "@" forced, "^" dual, and
 * short lines in scripts without letter case), parentheticals, dialogue,
 * transitions ("… TO:" and forced ">"), centred text, lyrics, and the parts
 * that are never script text: notes [[…]], boneyard /* … *\/, sections "#",
 * synopses "=" and page breaks "===".
 */

const TITLE_PAGE_START =
  /^(title|credit|credits|author|authors|written by|source|draft date|date|contact|contact info|copyright|notes|revision|format|episode|series)\s*[:：]/i;
const TITLE_PAGE_KEY = /^([^\s:：][^:：]{0,40})[:：](.*)$/u;
const REMOVED = "\u0000"; // decodeText refuses NUL, so it cannot occur in the input
const ESCAPES: Record<string, string> = { "*": "\ue000", _: "\ue001", "\\": "\ue002" };
const UNESCAPE = new Map(Object.entries(ESCAPES).map(([k, v]) => [v, k]));
const HAS_MARKS = /[*_\\]/;
const EMPHASIS = /(\*{1,3}|_)(?=\S)(.*?\S)\1/g;

// Longer lines than this (no real screenplay has them) lose every * and _ instead:
// pairing marks up with the pattern above takes time proportional to the line squared.
const LONGEST_MARKED_UP_LINE = 4000;

/** Removes *italic*, **bold**, ***both*** and _underline_ marks; \* stays a literal star. */
function stripEmphasis(text: string): string {
  if (!HAS_MARKS.test(text)) return text;
  let s = text.replace(/\\([*_\\])/g, (_, c: string) => ESCAPES[c]);
  if (s.length > LONGEST_MARKED_UP_LINE) s = s.replace(/[*_]+/g, "");
  for (let i = 0; i < 4; i++) {
    const next = s.replace(EMPHASIS, "$2");
    if (next === s) break;
    s = next;
  }
  return s.replace(/[\ue000-\ue002]/g, (c) => UNESCAPE.get(c) ?? c);
}

const clean = (text: string) => cleanText(stripEmphasis(text));

// "(?<!\s)" lets a match start only where a run of spaces starts, so a long run
// that is not followed by the rest is scanned once, not once per space.
const CENTRED_END = /(?<!\s)\s*<$/;
const SCENE_NUMBER = /(?<!\s)\s*#[^#\s]+#\s*$/;

/** ">THE END<" → "THE END". */
const unwrapCentred = (line: string) => line.replace(/^>\s*/, "").replace(CENTRED_END, "");

function isTransition(line: string): boolean {
  return /\p{L}/u.test(line) && !/\p{Ll}/u.test(line) && /TO[:：]$/u.test(line);
}

/** Any line in capitals with a line under it is a cue, whatever its length (the Fountain spec); a transition never is. */
function isCharacterCue(line: string): boolean {
  if (line.startsWith("@")) return line.length > 1;
  if (isTransition(line)) return false;
  const name = withoutExtensions(line.endsWith("^") ? line.slice(0, -1) : line).trim();
  if (!/\p{L}/u.test(name) || /\p{Ll}/u.test(name)) return false;
  if (/\p{Lu}/u.test(name)) return true;
  // Scripts without letter case (Japanese, Chinese…): a short line that does not end a sentence.
  return [...name].length <= 20 && !/[。．.!！?？:：、，,…]$/u.test(name);
}

/** Replaces every open…close span with REMOVED, in one linear pass; an unclosed span is left as written. */
function removeSpans(text: string, open: string, close: string): string {
  let out = "";
  let from = 0;
  for (let start = text.indexOf(open); start !== -1; start = text.indexOf(open, from)) {
    const end = text.indexOf(close, start + open.length);
    if (end === -1) break;
    out += text.slice(from, start) + REMOVED;
    from = end + close.length;
  }
  return out + text.slice(from);
}

/** Lines without notes and boneyard; a line that held only those disappears entirely. */
function scriptLines(input: string): string[] {
  const normalised = input.replace(/^\uFEFF/, "").replace(/\r\n?|[\u2028\u2029]/g, "\n");
  const text = removeSpans(removeSpans(normalised, "/*", "*/"), "[[", "]]");
  const lines: string[] = [];
  for (const line of text.split("\n")) {
    if (!line.includes(REMOVED)) lines.push(line);
    else if (line.split(REMOVED).join("").trim()) lines.push(line.split(REMOVED).join(""));
  }
  return lines;
}

/** The writer: the Author(s) key's lines (a team's names joined with "&"), else a credit that names one ("Credit: Written by NAME"). */
function writerOf(values: Map<string, string[]>): string | undefined {
  const plain = (key: string) => (values.get(key) ?? []).map((l) => stripEmphasis(unwrapCentred(l)).trim()).filter(Boolean);
  const authors = [...plain("author"), ...plain("authors")];
  if (authors.length) return cleanWriter(authors.join(" & "));
  return writerFromCreditLines([...plain("credit"), ...plain("credits"), ...plain("written by").map((n) => `Written by ${n}`)]);
}

function readTitlePage(lines: string[], start: number): { title?: string; writer?: string; next: number } {
  const values = new Map<string, string[]>();
  let key = "";
  let i = start;
  for (; i < lines.length && lines[i].trim(); i++) {
    const match = /^\S/.test(lines[i]) ? TITLE_PAGE_KEY.exec(lines[i].trim()) : null;
    if (match) {
      key = match[1].trim().toLowerCase();
      values.set(key, match[2].trim() ? [match[2].trim()] : []);
    } else if (key) values.get(key)?.push(lines[i].trim());
  }
  const title = values
    .get("title")
    ?.map((l) => stripEmphasis(unwrapCentred(l)))
    .join(" ");
  return { title: cleanTitle(title), writer: writerOf(values), next: i };
}

/** Consecutive non-blank lines, trimmed. "===" page breaks count as blank. */
function paragraphsOf(lines: string[], start: number): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    // Two spaces alone keep a deliberate empty line inside dialogue or action.
    const keptEmpty = /^ {2,}$/.test(line) && current.length > 0 && Boolean(lines[i + 1]?.trim());
    if (keptEmpty) current.push("");
    else if (!line.trim() || /^\s*={3,}\s*$/.test(line)) {
      if (current.length) groups.push(current);
      current = [];
    } else current.push(line.trim());
  }
  if (current.length) groups.push(current);
  return groups;
}

/** Marks the speech just before as the other half of a dual pair; false when there is none. */
function markPreviousSpeechDual(out: RawParagraph[]): boolean {
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i].kind === "character") {
      out[i].dual = true;
      return true;
    }
    if (out[i].kind !== "dialogue" && out[i].kind !== "parenthetical") return false;
  }
  return false;
}

function pushSpeech(out: RawParagraph[], cue: string, lines: string[]) {
  // A pair is two speeches side by side, as Final Draft and OSF mark them: a lone "^" is an ordinary speech.
  const dual = cue.endsWith("^") && markPreviousSpeechDual(out);
  out.push(dual ? { kind: "character", text: cleanText(cue), dual } : { kind: "character", text: cleanText(cue) });
  let speech: string[] = [];
  for (const line of lines) {
    if (/^[(（].*[)）]$/u.test(line)) {
      if (speech.length) out.push({ kind: "dialogue", text: clean(speech.join("\n")) });
      speech = [];
      out.push({ kind: "parenthetical", text: clean(line) });
    } else speech.push(line.replace(/^~\s*/, ""));
  }
  if (speech.length) out.push({ kind: "dialogue", text: clean(speech.join("\n")) });
}

function pushAction(out: RawParagraph[], lines: string[]) {
  if (lines.length) out.push({ kind: "action", text: clean(lines.join("\n")) });
}

function classify(out: RawParagraph[], group: string[]) {
  let lines = group;
  while (lines.length && (lines[0].startsWith("#") || /^=(?!==)/.test(lines[0]))) lines = lines.slice(1);
  if (!lines.length) return;
  const [first, ...rest] = lines;
  const forcedHeading = /^\.(?![.\s])/.test(first);

  if (first.startsWith("!")) pushAction(out, [first.slice(1), ...rest]);
  else if (forcedHeading || looksLikeSceneHeading(first)) {
    const heading = (forcedHeading ? first.slice(1) : first).replace(SCENE_NUMBER, "");
    out.push({ kind: "scene_heading", text: clean(heading) });
    pushAction(out, rest);
  } else if (/^>.*<$/.test(first)) {
    const text = clean(lines.map(unwrapCentred).join("\n"));
    if (text) out.push({ kind: "action", text, centred: true });
  }
  else if (first.startsWith(">")) {
    out.push({ kind: "transition", text: clean(first.slice(1)) });
    pushAction(out, rest);
  } else if (isTransition(first)) {
    // A transition with lines under it (a boneyard or note removed between them left no blank line): the rest is its own paragraph.
    out.push({ kind: "transition", text: clean(first) });
    if (rest.length) classify(out, rest);
  }
  else if (rest.length > 0 && isCharacterCue(first)) pushSpeech(out, first, rest);
  else if (first.startsWith("~")) {
    out.push({ kind: "general", text: clean(lines.map((l) => l.replace(/^~\s*/, "")).join("\n")) });
  } else pushAction(out, lines);
}

export function parseFountain(input: string): RawScreenplay {
  const lines = scriptLines(input);
  let start = 0;
  while (start < lines.length && !lines[start].trim()) start++;
  let title: string | undefined;
  let writer: string | undefined;
  if (start < lines.length && TITLE_PAGE_START.test(lines[start].trim())) {
    ({ title, writer, next: start } = readTitlePage(lines, start));
  }
  const paragraphs: RawParagraph[] = [];
  for (const group of paragraphsOf(lines, start)) classify(paragraphs, group);
  if (!paragraphs.some((p) => p.kind === "scene_heading" || p.kind === "character")) {
    throw notA("fountain", "It has no scene headings and no dialogue, so it does not read as a screenplay.");
  }
  return { paragraphs, title, ...(writer ? { writer } : {}) };
}
