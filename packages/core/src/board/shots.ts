/**
 * Shots read from the script (docs/decisions.md#shots): every visual block gets
 * a size, an angle, a movement and a number in the production style (scene 12:
 * 12A, 12B …). Pure: the describe phase stores the answer on each block, and a
 * stored shot (derived earlier, or chosen by the writer) is never re-derived.
 */
import { charactersInBlock } from "../render/characters-in-block";
import { hasMedia } from "../render/jobs";
import { isShotHeading } from "../render/shot-heading";
import { parseSceneHeading } from "../screenplay/scene-heading";
import { SHOT_ANGLES, SHOT_MOVEMENTS, SHOT_SIZES, type Shot, type ShotAngle, type ShotMovement, type ShotSize } from "./shot-vocabulary";

export interface ScriptBlock {
  id: string;
  type: string;
  text: string;
  character?: string | null;
}

type Framing = Omit<Shot, "number">;

/** Letters of shot numbers: I and O are skipped, as productions do, so 12I and 12O are never read as 121 and 120. */
const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A, B … Z, then AA, AB …: the shot's place in its scene (0-based). */
export function shotLetters(index: number): string {
  let n = index;
  let out = "";
  do {
    out = LETTERS[n % LETTERS.length] + out;
    n = Math.floor(n / LETTERS.length) - 1;
  } while (n >= 0);
  return out;
}

/** The camera words a shot line opens with, most specific first. */
const SHOT_LINE_SIZES: [RegExp, ShotSize][] = [
  [/^(EXTREME|EXTRA) CLOSE|^(ECU|XCU)\b/, "extreme_close_up"],
  [/^INSERT\b/, "insert"],
  [/^(CLOSE ON|CLOSE[- ]?UP|CLOSE SHOT|CLOSER|CU\b)/, "close_up"],
  [/^(MEDIUM CLOSE|MCU\b)/, "medium_close_up"],
  [/^(EXTREME WIDE|EXTREME LONG|XWS\b|EWS\b)/, "extreme_wide"],
  [/^(WIDE|ESTABLISHING|LONG SHOT|WS\b|BACK TO SCENE|MASTER)/, "wide"],
  [/^(FULL SHOT|FULL ON)/, "full"],
  [/^(MEDIUM|MED\.? SHOT|MS\b|TWO SHOT|2[- ]SHOT|ANGLE ON|ON\b)/, "medium"],
  [/^(OVER THE SHOULDER|OVER .+'S SHOULDER|OTS\b)/, "medium_close_up"],
];

/** Words that say a shot line (or an action line in capitals) names the camera. */
const SHOT_LINE =
  /^(EXTREME|EXTRA|ECU|XCU|INSERT|CLOSE|CLOSER|CU|MCU|MEDIUM|MED|MS|WIDE|ESTABLISHING|LONG SHOT|WS|XWS|EWS|BACK TO SCENE|MASTER|FULL|TWO SHOT|2[- ]SHOT|ANGLE ON|ANGLE|POV|.+'S POV|OVER THE SHOULDER|OVER .+'S SHOULDER|OTS|HIGH ANGLE|LOW ANGLE|OVERHEAD|BIRD'S EYE|TOP SHOT)\b/;

function angleIn(upper: string): ShotAngle | undefined {
  if (/\bPOV\b|POINT OF VIEW/.test(upper)) return "pov";
  if (/OVER THE SHOULDER|'S SHOULDER|\bOTS\b/.test(upper)) return "over_the_shoulder";
  if (/OVERHEAD|BIRD'S[- ]EYE|TOP SHOT|TOP DOWN/.test(upper)) return "overhead";
  if (/LOW ANGLE|LOOKING UP AT/.test(upper)) return "low";
  if (/HIGH ANGLE|LOOKING DOWN (AT|ON)/.test(upper)) return "high";
  return undefined;
}

/** Camera moves written in capitals ("We PUSH IN", "TRACKING with her"); a lower-case "pan" is a frying pan. */
function movementIn(text: string): ShotMovement | undefined {
  if (/\b(PUSH(ING)? IN|DOLLY(ING)? IN|MOVE(S)? IN|ZOOM(S|ING)? IN|CREEP(S|ING)? IN)\b/.test(text)) return "push_in";
  if (/\b(PULL(S|ING)? (BACK|OUT)|DOLLY(ING)? (BACK|OUT)|ZOOM(S|ING)? OUT|WIDEN(S|ING)?)\b/.test(text)) return "pull_out";
  if (/\b(TRACK(S|ING)?|FOLLOW(S|ING)?|STEADICAM|DOLLY(ING)? WITH)\b/.test(text)) return "track";
  if (/\bPAN(S|NING)?\b|\bWHIP PAN\b/.test(text)) return "pan";
  if (/\bTILT(S|ING)?\b|\bCRANE(S)? (UP|DOWN)\b/.test(text)) return "tilt";
  return undefined;
}

/** An explicit shot line: its size from the opening words, its angle and movement from any of them. */
function fromShotLine(text: string): Framing {
  const upper = text.toUpperCase().trim();
  const angle = angleIn(upper);
  const size =
    SHOT_LINE_SIZES.find(([pattern]) => pattern.test(upper))?.[1] ??
    (angle === "over_the_shoulder" ? "medium_close_up" : angle === "pov" ? "medium" : "medium");
  return { size, angle: angle ?? "eye_level", movement: movementIn(upper) ?? "static" };
}

/** Is this block a shot line: a shot block, or an action written as one ("CLOSE ON the knife.")? */
export function isShotLine(block: ScriptBlock): boolean {
  if (block.type === "shot") return true;
  if (block.type !== "action" && block.type !== "general") return false;
  const opening = block.text.trim().split(/[.:—–-]\s|[.:]$/)[0];
  // The camera words must be in capitals, as the script's convention writes them.
  return SHOT_LINE.test(opening) && opening === opening.toUpperCase();
}

/** Verbs that play on a face: a close-up. */
const FACE =
  /\b(stares?|glares?|gazes?|weeps?|cries|sobs?|gasps?|smiles?|grins?|winces?|flinches?|blinks?|tears? (up|roll)|swallows?|trembles?|freezes?|whispers?|screams?|eyes (widen|narrow|fill))\b/i;
/** Words that ask for a face filling the frame, whoever else the line names: "Steel's face FILLS the scope", "in close-up". */
const CLOSE =
  /\b(face|eyes?|head)\b[^.!?]{0,40}?\b(fills?|filling|fill)\b|\bfills? the (frame|screen|scope|lens|shot|viewfinder)\b|\b(an?|in|into|to) (an? )?(extreme )?close[- ]?up\b/i;
/** Verbs of a whole body in motion: a medium shot that holds the body. */
const BODY =
  /\b(grabs?|slams?|punches?|kicks?|runs?|sprints?|lunges?|leaps?|jumps?|falls?|collapses?|throws?|hurls?|smashes?|stabs?|shoots?|fires?|fights?|struggles?|dives?|spins?|charges?|shoves?|drags?|climbs?)\b/i;

/** A speech this long holds the screen: the camera pushes in slowly. */
const LONG_SPEECH_WORDS = 60;

/**
 * The speakers of the dialogue run around `index` (dialogue and parentheticals, nothing else between).
 * Only a speech makes a speaker: a cue with a parenthetical and no line ("JANITOR (silent)") is not one,
 * and the frame could not show him as the listener, since the speech's block does not name him.
 */
function exchangeAround(blocks: ScriptBlock[], index: number): string[] {
  const speakers = new Set<string>();
  const inRun = (b: ScriptBlock) => b.type === "dialogue" || b.type === "parenthetical";
  let start = index;
  while (start > 0 && inRun(blocks[start - 1])) start--;
  for (let i = start; i < blocks.length && inRun(blocks[i]); i++)
    if (blocks[i].type === "dialogue" && blocks[i].character) speakers.add(blocks[i].character!);
  return [...speakers];
}

function forDialogue(blocks: ScriptBlock[], index: number): Framing {
  const block = blocks[index];
  const speakers = exchangeAround(blocks, index);
  const long = block.text.split(/\s+/).length > LONG_SPEECH_WORDS;
  const movement: ShotMovement = long ? "push_in" : "static";
  // Two people talking: the pair of over-the-shoulder shots, each from behind the one listening.
  if (speakers.length === 2) return { size: "medium_close_up", angle: "over_the_shoulder", movement };
  // A line alone, or a group: a single on the speaker.
  return { size: speakers.length > 2 ? "medium" : "medium_close_up", angle: "eye_level", movement };
}

function forAction(block: ScriptBlock, names: string[]): Framing {
  const present = charactersInBlock(block, names);
  const movement = movementIn(block.text) ?? "static";
  const angle = angleIn(block.text) ?? "eye_level";
  // "CLOSE ON" counts in capitals only, the camera's convention ("Close on the table" is not an instruction).
  if (CLOSE.test(block.text) || /\bCLOSE ON\b/.test(block.text)) return { size: /\bextreme close[- ]?up\b/i.test(block.text) ? "extreme_close_up" : "close_up", angle, movement };
  if (present.length === 1) {
    // A character alone with a strong action: the face for what plays on it, the body for what it does.
    if (FACE.test(block.text)) return { size: "close_up", angle, movement };
    if (BODY.test(block.text)) return { size: "medium", angle, movement };
    return { size: "medium", angle, movement };
  }
  if (present.length > 1) return { size: "full", angle, movement };
  return { size: "wide", angle, movement };
}

/**
 * The shot of every visual block, by block id. `names` are the screenplay's
 * characters (to tell who an action line shows).
 */
export function deriveShots(blocks: ScriptBlock[], names: string[]): Map<string, Shot> {
  const shots = new Map<string, Shot>();
  let scene = 0;
  let inScene = 0;
  blocks.forEach((block, index) => {
    if (block.type === "scene_heading") {
      // Blocks before the first heading count as scene 1's, and the heading carries on their letters.
      if (scene === 0 && inScene > 0) scene = 1;
      else {
        scene++;
        inScene = 0;
      }
    }
    if (!hasMedia(block)) return;
    let framing: Framing;
    if (block.type === "scene_heading") {
      // The establishing wide: outdoors, the whole place; indoors, the whole room.
      // A heading that is a shot ('SNIPER SCOPE POV', 'CLOSE ON THE LETTER'): framed as the shot it names.
      framing = isShotHeading(parseSceneHeading(block.text))
        ? fromShotLine(block.text)
        : { size: /^\s*(EXT|I\/E|EXT\/INT)/i.test(block.text) ? "extreme_wide" : "wide", angle: "eye_level", movement: "static" };
    } else if (isShotLine(block)) framing = fromShotLine(block.text);
    else if (block.type === "dialogue") framing = forDialogue(blocks, index);
    else if (inScene === 0) framing = { size: "wide", angle: "eye_level", movement: movementIn(block.text) ?? "static" };
    else framing = forAction(block, names);
    shots.set(block.id, { ...framing, number: `${Math.max(scene, 1)}${shotLetters(inScene)}` });
    inScene++;
  });
  return shots;
}

/** A render's block as stored, with the shot it may already carry. */
export interface StoredBlock {
  blockId: string;
  type: string;
  text: string;
  character?: string | null;
  shot?: { size: string; angle: string; movement: string; number: string } | null;
}

const isShot = (s: StoredBlock["shot"]): s is Shot =>
  !!s &&
  !!s.number &&
  SHOT_SIZES.includes(s.size as ShotSize) &&
  SHOT_ANGLES.includes(s.angle as ShotAngle) &&
  SHOT_MOVEMENTS.includes(s.movement as ShotMovement);

/**
 * Every visual block's shot, by block id: the one stored on it (derived before,
 * or the writer's choice), else derived now (a render made before shots existed).
 */
export function shotsOf(blocks: StoredBlock[], names: string[]): Map<string, Shot> {
  const derived = deriveShots(
    blocks.map((b) => ({ id: b.blockId, type: b.type, text: b.text, character: b.character })),
    names,
  );
  for (const block of blocks) if (derived.has(block.blockId) && isShot(block.shot)) derived.set(block.blockId, block.shot);
  return derived;
}
