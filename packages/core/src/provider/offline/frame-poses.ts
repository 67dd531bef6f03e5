/**
 * What the people in a block are doing, and the state of the props it names,
 * read from the block's words (the prompt's Moment). Pure: the frame's drawing
 * plan lists them and frame-figures.ts draws them. A verb belongs to the name
 * it follows in its sentence; with one person in the block, to that person
 * ("He sits beside the dead lamp").
 */
import { GROUP_SUBJECT_WORDS } from "../../screenplay/group-words";

export type Pose = "stand" | "sit" | "lie" | "run" | "walk" | "kneel" | "climb" | "drink" | "hold" | "look" | "hug" | "fight";

/** First match wins, so a sentence's first verb decides. */
const POSE_WORDS: [Pose, RegExp][] = [
  ["hug", /\b(hugs?|hugging|embrac(?:es|ing|e)|holds? (?:him|her|them) close|cradles?)\b/i],
  ["fight", /\b(fights?|fighting|punch(?:es|ing)?|hits?|wrestl(?:es|ing)|struggl(?:es|ing)|swings? at|grapple[sd]?|attacks?|shoves?|kicks?)\b/i],
  ["drink", /\b(drinks?|drinking|sips?|sipping|swigs?|gulps?|downs (?:a|the|his|her))\b/i],
  ["climb", /\b(climbs?|climbing|clambers?|scales?|scrambles? up)\b/i],
  ["kneel", /\b(kneels?|kneeling|knelt|crouch(?:es|ing)?|squats?)\b/i],
  ["lie", /\b(lies|lying|lay|lays down|sprawl(?:s|ed)|asleep|sleeps|unconscious|collapses?)\b/i],
  ["sit", /\b(sits?|sitting|sat|seated|slumps? (?:in|on|into)|perches?)\b/i],
  ["run", /\b(runs?|running|ran|sprints?|races?|dashes|flees|chases?|bolts?|charges?)\b/i],
  ["hold", /\b(holds?|holding|carr(?:ies|ying)|clutch(?:es|ing)|grips?|raises?|lifts?|picks? up|hands? (?:him|her|them))\b/i],
  ["look", /\b(looks? at|stares?|watch(?:es|ing)|gazes?|glances?|peers?|studies|eyes)\b/i],
  ["walk", /\b(walks?|walking|strides?|paces?|strolls?|steps?|wanders?|crosses|enters|approaches|limps?|shuffles?)\b/i],
  ["stand", /\b(stands?|standing|stood|rises|gets up|waits?)\b/i],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function poseIn(text: string): Pose | undefined {
  let best: { pose: Pose; at: number } | undefined;
  for (const [pose, pattern] of POSE_WORDS) {
    const at = text.search(pattern);
    if (at >= 0 && (!best || at < best.at)) best = { pose, at };
  }
  return best?.pose;
}

/** A sentence whose subject is everyone present. */
const GROUP_SUBJECT = new RegExp(`^\\s*(?:${GROUP_SUBJECT_WORDS})\\b`, "i");

/**
 * Each named person's pose: the first verb after their name up to the next
 * name or the sentence's end; alone in the block, the first verb anywhere.
 * Someone the block names but shows doing nothing stands; a sentence about
 * all of them ("They hug.") poses whoever has no verb of their own.
 */
export function posesOf(text: string, names: readonly string[]): Map<string, Pose> {
  const poses = new Map<string, Pose>();
  if (names.length === 1) {
    poses.set(names[0], poseIn(text) ?? "stand");
    return poses;
  }
  const sentences = text.split(/(?<=[.!?])\s+/);
  // "They hug.", "Both sit.": the verb of a sentence about all of them is the pose of whoever has none of their own.
  const together = sentences.filter((s) => GROUP_SUBJECT.test(s)).map(poseIn).find(Boolean);
  const named = (sentence: string, name: string) => sentence.search(new RegExp(`(^|[^\\p{L}])${escape(name)}($|[^\\p{L}])`, "iu"));
  for (const name of names) {
    let found: Pose | undefined;
    for (const sentence of sentences) {
      const at = named(sentence, name);
      if (at < 0) continue;
      const rest = sentence.slice(at + name.length + 1);
      // The clause ends at the next name: in "MAYA sits. TOM runs to her" Tom's verb is not Maya's.
      const next = names.filter((n) => n !== name).map((n) => named(rest, n)).filter((i) => i >= 0);
      found = poseIn(next.length ? rest.slice(0, Math.min(...next) + 1) : rest);
      if (found) break;
    }
    poses.set(name, found ?? together ?? "stand");
  }
  // Hugging and fighting take two: the other person named in the same sentence does it too.
  for (const mutual of ["hug", "fight"] as const) {
    const doers = [...poses].filter(([, p]) => p === mutual).map(([n]) => n);
    if (doers.length !== 1) continue;
    const sentence = sentences.find((s) => named(s, doers[0]) >= 0 && poseIn(s) === mutual) ?? "";
    const partner = names.find((n) => n !== doers[0] && named(sentence, n) >= 0);
    if (partner) poses.set(partner, mutual);
  }
  return poses;
}

export type PropKind = "lamp" | "door";
export interface Prop {
  kind: PropKind;
  state: "lit" | "dead" | "open" | "closed";
}

const LAMP = String.raw`(?:lamp|lantern|light ?bulb|bulb|candle|light)`;
const DEAD_LAMP = new RegExp(
  String.raw`\b(?:dead|unlit|broken|dark|dim|extinguished|burnt-out|burned-out|cold)\s+${LAMP}\b|\b${LAMP}\s+(?:is |was )?(?:off|out|dead|dark|unlit|dies|goes out|flickers out|gutters out)\b|\b(?:switches|turns|blows|puts) (?:off|out) the ${LAMP}\b`,
  "i",
);
const LIT_LAMP = new RegExp(
  String.raw`\b(?:lit|glowing|burning|bright|flickering)\s+${LAMP}\b|\b${LAMP}\s+(?:is |was )?(?:on|lit|glows|burns|flickers on|comes on)\b|\b(?:lights|switches on|turns on) the ${LAMP}\b`,
  "i",
);
const OPEN_DOOR = /\b(?:open|opens|opened|ajar|flings open|kicks open)\b[^.]{0,12}\bdoors?\b|\bdoors?\b[^.]{0,20}\b(?:opens|open|ajar|swings open|slides open|bursts open|flies open)\b/i;
const CLOSED_DOOR = /\b(?:closed|closes|shut|shuts|slams|locked|locks|bolted)\b[^.]{0,12}\bdoors?\b|\bdoors?\b[^.]{0,20}\b(?:closes|shut|slams|clicks shut|closed|locked)\b|\b(?:slams|clicks|swings|bangs) shut\b/i;

function lastMatch(text: string, pattern: RegExp): number {
  let last = -1;
  for (const m of text.matchAll(new RegExp(pattern.source, "gi"))) last = m.index;
  return last;
}

/** The named props of a block and their state: a lamp lit or dead, a door open or closed. */
export function propsOf(text: string): Prop[] {
  const props: Prop[] = [];
  if (DEAD_LAMP.test(text)) props.push({ kind: "lamp", state: "dead" });
  else if (LIT_LAMP.test(text)) props.push({ kind: "lamp", state: "lit" });
  else if (/\b(lamp|lantern)s?\b/i.test(text)) props.push({ kind: "lamp", state: "lit" });
  // The later word wins: "opens the door … it slams shut" ends closed.
  const open = lastMatch(text, OPEN_DOOR);
  const closed = lastMatch(text, CLOSED_DOOR);
  if (open >= 0 || closed >= 0) props.push({ kind: "door", state: closed > open ? "closed" : "open" });
  else if (/\bdoors?(way)?\b/i.test(text)) props.push({ kind: "door", state: "closed" });
  return props;
}
