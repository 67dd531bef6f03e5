import { MAX_PROFILED_CHARACTERS } from "./constants";
import { genderOfGiven, genderOfWord, type NameEvidence, nameEvidence, NOT_A_GIVEN_NAME, ROLE_WORDS } from "./name-evidence";
import type { Block, CharacterProfile, Gender, Pronouns } from "./types";

/**
 * Guesses a character's pronouns from the prose around them. Screenplays
 * introduce people in action lines ("WALTER MAST, 40's, smokes a pipe. He…"),
 * so each English pronoun in action text is attributed to the character it
 * most likely refers to, and the majority wins. No evidence means they/them.
 */

export const PRONOUNS: Record<Gender, Pronouns> = {
  male: { subject: "he", object: "him", possessive: "his" },
  female: { subject: "she", object: "her", possessive: "her" },
  neutral: { subject: "they", object: "them", possessive: "their" },
};

/** Words after "her" that make it an object ("hugs her back") rather than a possessive ("her hands"). */
const AFTER_OBJECT_HER = new Set(
  (
    "and but or nor to in on at as with from into onto away back up down off out again too now then " +
    "tight close closer hard for by like over around before after that this is was alone anymore " +
    "already so if when while because through across inside outside home gently softly go goes " +
    "just only still there here forever"
  ).split(" "),
);

const PRONOUN = /(?<![\p{L}\p{N}])(he|she|him|her|his|hers|himself|herself)(?![\p{L}\p{N}])/giu;
const HAS_PRONOUN = new RegExp(PRONOUN.source, "iu");
const LONGEST_SENTENCE = 2000;
const SENTENCE = /[^.!?…\n]+[.!?…]*/gu;

type Votes = Map<string, { male: number; female: number }>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** "TELLER WOMAN", "MRS. BLOOM", "A MAN'S VOICE" say it in the name itself. */
function genderFromName(name: string): Gender | null {
  const found = new Set(
    name
      .split(/[\s\-/]+/)
      .map(genderOfWord)
      .filter((g): g is Gender => g !== null),
  );
  return found.size === 1 ? [...found][0] : null;
}

function vote(votes: Votes, name: string | undefined, gender: Gender | null, weight = 1) {
  if (!name || !gender || gender === "neutral") return;
  const tally = votes.get(name);
  if (tally) tally[gender] += weight;
}

interface Mention {
  name: string;
  index: number;
  end: number;
}

/** Every way a character is referred to in prose: the full name, and "Don" for "DON PRICE". */
function aliasesOf(names: string[]): Map<string, string> {
  const aliases = new Map<string, string>(names.map((n) => [n.toLowerCase(), n]));
  const firstWords = new Map<string, string[]>();
  for (const name of names) {
    const words = name.split(" ");
    const [given, last] = [words[0], words[words.length - 1]];
    if (words.length !== 2 || given.length < 3 || /['’]/.test(given)) continue;
    if (NOT_A_GIVEN_NAME.has(given) || ROLE_WORDS.has(last)) continue;
    firstWords.set(given, [...(firstWords.get(given) ?? []), name]);
  }
  for (const [word, owners] of firstWords) {
    if (owners.length === 1 && !aliases.has(word.toLowerCase())) aliases.set(word.toLowerCase(), owners[0]);
  }
  return aliases;
}

/** A mention is a name written as one: "Walter", "WALTER", "Bank Official" — not "the crowd". */
function writtenAsName(text: string): boolean {
  return text.split(/\s+/).every((word) => !/^\p{Ll}/u.test(word));
}

/** "the guard", "a programmer": a one-word role name in lower case after an article still names that character. */
function namedByRole(sentence: string, text: string, index: number): boolean {
  return !/\s/.test(text) && /(?:^|[^\p{L}])(?:the|a|an|this|that)\s+$/iu.test(sentence.slice(Math.max(0, index - 6), index));
}

type Tally = { male: number; female: number };
const tallyOf = (votes: Votes, name: string): Tally => votes.get(name) ?? { male: 0, female: 0 };
const other = (gender: "male" | "female") => (gender === "male" ? "female" : "male");
/** What is known so far says this gender. */
const agrees = (votes: Votes, name: string, gender: "male" | "female") =>
  tallyOf(votes, name)[gender] > tallyOf(votes, name)[other(gender)];
/** What is known so far says the other gender. */
const contradicts = (votes: Votes, name: string, gender: "male" | "female") => agrees(votes, name, other(gender));

/**
 * Who a pronoun means among candidates, nearest first: the nearest unless what
 * is already known of them says otherwise; past them, only someone whose
 * evidence agrees, so a character nothing is known about never collects a
 * pronoun that was not theirs.
 */
function nearestFitting(votes: Votes, candidates: readonly string[], gender: "male" | "female"): string | undefined {
  const [nearest, ...rest] = candidates;
  if (nearest !== undefined && !contradicts(votes, nearest, gender)) return nearest;
  return rest.find((n) => agrees(votes, n, gender));
}

/** The MAX_PROFILED_CHARACTERS names with the most lines. */
function mostSpoken(names: string[], blocks: readonly Block[]): string[] {
  if (names.length <= MAX_PROFILED_CHARACTERS) return names;
  const lines = new Map<string, number>();
  for (const b of blocks) if (b.character) lines.set(b.character, (lines.get(b.character) ?? 0) + 1);
  return [...names].sort((a, b) => (lines.get(b) ?? 0) - (lines.get(a) ?? 0)).slice(0, MAX_PROFILED_CHARACTERS);
}

function collectVotes(names: string[], blocks: readonly Block[]): Votes {
  const votes: Votes = new Map(names.map((n) => [n, { male: 0, female: 0 }]));
  const byLower = aliasesOf(mostSpoken(names.filter(Boolean), blocks));
  const alternation = [...byLower.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|");
  if (!alternation) return votes;
  const mentionPattern = new RegExp(`(?<![\\p{L}\\p{N}_])(${alternation})(?![\\p{L}\\p{N}_])`, "giu");
  const hasMention = new RegExp(mentionPattern.source, "iu");

  let previousSubject: string | undefined;
  let recent: string[] = [];
  // After an exchange of lines, "she" may be any speaker: the last subject named before it is no longer the obvious one.
  let spokenSince = false;
  for (const block of blocks) {
    if (block.type === "scene_heading") {
      previousSubject = undefined;
      recent = [];
      spokenSince = false;
      continue;
    }
    if (block.type === "dialogue" && block.character && votes.has(block.character)) {
      recent = [...recent.filter((n) => n !== block.character), block.character].slice(-8);
      spokenSince = true;
      continue;
    }
    if (block.type !== "action" && block.type !== "general" && block.type !== "shot") continue;
    // Nothing to attribute and nobody to remember: the block cannot change any vote.
    if (!HAS_PRONOUN.test(block.text) && !hasMention.test(block.text)) continue;
    for (const [sentence] of block.text.matchAll(SENTENCE)) {
      // Real sentences are far shorter; a giant one (a crafted file) would make the work below quadratic.
      if (sentence.length > LONGEST_SENTENCE) continue;
      const mentions: Mention[] = [];
      for (const m of sentence.matchAll(mentionPattern)) {
        const name = byLower.get(m[1].toLowerCase());
        if (!name || !(writtenAsName(m[1]) || namedByRole(sentence, m[1], m.index))) continue;
        mentions.push({ name, index: m.index, end: m.index + m[1].length });
        // "his wife ELIZABETH", "his son Henry": the word before says it.
        const before = /(?<![\p{L}'’])([\p{L}'’]+)[\s,]*$/u.exec(sentence.slice(Math.max(0, m.index - 40), m.index));
        if (before) vote(votes, name, genderOfWord(before[1]), 2);
      }
      const subject = mentions[0]?.name ?? previousSubject;
      // Within a sentence one person keeps one gender: in "He grabs her hand" the "her" is someone else.
      const given = new Map<string, Gender>();
      // "She motions for Edward…, so she can whisper to him": a sentence opening on a pronoun has that one as its actor, not the first name.
      let openingActor: string | null | undefined;
      for (const p of sentence.matchAll(PRONOUN)) {
        const word = p[1].toLowerCase();
        const gender = /^(he|him|his|himself)$/.test(word) ? "male" : "female";
        const next = /^\s*([\p{L}]+)/u.exec(sentence.slice(p.index + word.length));
        const earlier = mentions.filter((m) => m.index < p.index);
        const last = earlier[earlier.length - 1];
        // "DICK STEEL, his former partner": a possessive in apposition is someone else's.
        const apposition = last && (word === "his" || word === "her") && /^\s*,\s*$/.test(sentence.slice(last.end, p.index));
        const isObject = word === "him" || (word === "her" && (!next || AFTER_OBJECT_HER.has(next[1].toLowerCase())));
        const seen = [...recent, ...earlier.map((m) => m.name)];
        let referent: string | undefined;
        if (!isObject && !apposition)
          referent = last
            ? last.name
            : spokenSince
              ? [previousSubject, ...[...recent].reverse()].find((n) => n && agrees(votes, n, gender))
              : nearestFitting(
                  votes,
                  [previousSubject, ...[...recent].reverse()].filter((n): n is string => Boolean(n)),
                  gender,
                );
        if (isObject || apposition || (referent && given.has(referent) && given.get(referent) !== gender)) {
          // "Mary runs. Henry grabs her." — not the one doing the grabbing.
          const actor = apposition ? last.name : isObject ? (openingActor === undefined ? subject : openingActor) : referent;
          referent = nearestFitting(
            votes,
            [...new Set([...seen].reverse())].filter((n) => n !== actor),
            gender,
          );
        }
        if (openingActor === undefined && !earlier.length && (word === "he" || word === "she")) openingActor = referent ?? null;
        if (referent && !given.has(referent)) given.set(referent, gender);
        vote(votes, referent, gender);
      }
      for (const m of mentions) {
        recent = recent.filter((n) => n !== m.name);
        recent.push(m.name);
      }
      if (recent.length > 8) recent = recent.slice(-8);
      if (subject) previousSubject = subject;
      if (mentions.length) spokenSince = false;
    }
  }
  return votes;
}

/** A given name, or a noun in the introducing apposition, counts like a relation word before the name ("his wife ELIZABETH"). */
const NAME_WEIGHT = 2;
/** Evidence on both sides this close (the smaller at least this share of the larger) is a conflict: unknown, not a guess. */
const CONFLICT_SHARE = 0.75;

function decide(name: string, tally: Tally | undefined, evidence: NameEvidence): CharacterProfile {
  const fromName = genderFromName(name);
  let gender: Gender = fromName ?? "neutral";
  if (!fromName) {
    const votes = { male: tally?.male ?? 0, female: tally?.female ?? 0 };
    const givenName = evidence.given.get(name);
    const byGivenName = genderOfGiven(givenName);
    if (byGivenName !== "unknown") votes[byGivenName] += NAME_WEIGHT;
    const apposed = evidence.apposed.get(name);
    if (apposed === "male" || apposed === "female") votes[apposed] += NAME_WEIGHT;
    const [more, fewer] = votes.male >= votes.female ? (["male", "female"] as const) : (["female", "male"] as const);
    if (votes[more] > votes[fewer] && votes[fewer] < votes[more] * CONFLICT_SHARE) gender = more;
  }
  return { gender, pronouns: { ...PRONOUNS[gender] } };
}

/** Profiles for many characters at once (one pass over the blocks). */
export function guessCharacterProfiles(names: string[], blocks: readonly Block[]): Record<string, CharacterProfile> {
  const votes = collectVotes(names, blocks);
  const evidence = nameEvidence(names, blocks);
  return Object.fromEntries(names.map((n) => [n, decide(n, votes.get(n), evidence)]));
}

/**
 * Pronouns and gender for one character, e.g. one a user adds by hand. The
 * other speakers in the blocks are taken into account so their pronouns are
 * not credited to this one.
 */
export function guessCharacterProfile(name: string, blocks: readonly Block[]): CharacterProfile {
  const key = name.trim().toUpperCase();
  const names = new Set<string>([key]);
  for (const b of blocks) if (b.character) names.add(b.character);
  return guessCharacterProfiles([...names], blocks)[key];
}
