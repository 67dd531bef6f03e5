import type { Interior, SceneInfo } from "./types";

// Interior/exterior prefixes. Russian scripts write ИНТ. (интерьер) and НАТ.
// (натура); Japanese ones often keep INT/EXT with a full-width stop "INT。".
const PREFIX =
  /^(INT\.?\s*\/\s*EXT|EXT\.?\s*\/\s*INT|INT\s*(?:\.\s*)?-\s*EXT|I\s*\/\s*E|E\s*\/\s*I|INT|EXT|EST|ИНТ\.?\s*\/\s*НАТ|НАТ\.?\s*\/\s*ИНТ|ИНТ|НАТ|ЭКСТ)(?:[.。．]+\s*|\s+|$)/iu;

const TIME_WORDS = new Set([
  "DAY",
  "NIGHT",
  "MORNING",
  "AFTERNOON",
  "EVENING",
  "DAWN",
  "DUSK",
  "SUNRISE",
  "SUNSET",
  "TWILIGHT",
  "NOON",
  "MIDDAY",
  "MIDNIGHT",
  "LATER",
  "CONTINUOUS",
  "SAME",
  "MOMENTS",
  "MOMENT",
  "NEXT",
  "NIGHTFALL",
  "DAYBREAK",
  "PRESENT",
  "MAGIC",
  "GOLDEN",
  "LATE",
  "EARLY",
  "DAYTIME",
  "NIGHTTIME",
  "CONT'D",
  "CONT’D",
  "FLASHBACK",
  "ДЕНЬ",
  "НОЧЬ",
  "УТРО",
  "ВЕЧЕР",
  "ПОЗЖЕ",
  "日",
  "夜",
  "朝",
  "昼",
  "夕方",
  "夕",
  "深夜",
  "早朝",
]);

// Starts only where a run of spaces starts, so a long run is scanned once.
const SPACED_SEPARATOR = /(?<!\s)\s+[-–—]+\s+/g;
const TIME_TAIL = 200;
// Japanese headings often write "病院-日" without spaces around the dash.
const TIGHT_SEPARATOR = /[-–—－]/g;

/** "INT. KITCHEN - NIGHT" style normalisation: upper case, single spaces. */
export function normaliseHeading(text: string): string {
  // Single spaces are left alone: rewriting each of millions costs seconds.
  return text
    .replace(/\s{2,}|[^\S ]/g, " ")
    .trim()
    .toUpperCase();
}

function interiorOf(prefix: string): Interior {
  const p = prefix.toUpperCase().replace(/[\s.]/g, "");
  if (p.includes("/") || p.includes("-")) return "INT/EXT";
  return p === "INT" || p === "ИНТ" ? "INT" : "EXT";
}

function isTimeOfDay(segment: string): boolean {
  if (/^\(?\d{4}s?\)?$/.test(segment)) return true;
  for (const word of segment.split(/[\s()/,.]+/)) if (TIME_WORDS.has(word)) return true;
  return false;
}

/** Splits off a trailing time of day ("- NIGHT") when the last segment reads like one. */
function splitTime(rest: string): { location: string; timeOfDay: string | null } {
  // The time of day is in the last words: look at the tail only, whatever the heading's length.
  const tailStart = Math.max(0, rest.length - TIME_TAIL);
  const separators = [...rest.slice(tailStart).matchAll(SPACED_SEPARATOR)].map((m) => Object.assign(m, { index: m.index + tailStart }));
  let candidates = separators;
  if (candidates.length === 0 && !/[A-Za-zА-Яа-я]/.test(rest)) {
    candidates = [...rest.slice(tailStart).matchAll(TIGHT_SEPARATOR)].map((m) => Object.assign(m, { index: m.index + tailStart }));
  }
  const last = candidates[candidates.length - 1];
  if (last?.index !== undefined) {
    const location = rest.slice(0, last.index).trim();
    const time = rest.slice(last.index + last[0].length).trim();
    if (location && time && isTimeOfDay(time)) return { location, timeOfDay: time };
  }
  return { location: rest, timeOfDay: null };
}

/**
 * Reads a scene heading: "INT. KITCHEN - NIGHT" → INT / KITCHEN / NIGHT.
 * Understands INT./EXT., EXT./INT., I/E, EST, Russian ИНТ./НАТ. and full-width
 * stops; anything else keeps the whole heading as the location with interior null.
 */
export function parseSceneHeading(text: string): SceneInfo {
  const heading = normaliseHeading(text);
  const prefix = PREFIX.exec(heading);
  const interior = prefix ? interiorOf(prefix[1]) : null;
  const rest = (prefix ? heading.slice(prefix[0].length) : heading).replace(/^[-–—.\s]+/, "").trim();
  const { location, timeOfDay } = splitTime(rest);
  return { heading, interior, location, timeOfDay };
}

/** True when a line starts like a scene heading and has more after the prefix (Fountain). */
export function looksLikeSceneHeading(line: string): boolean {
  const trimmed = line.trim();
  const prefix = PREFIX.exec(trimmed);
  return prefix !== null && prefix[0].length < trimmed.length && prefix[0].length > prefix[1].length;
}
