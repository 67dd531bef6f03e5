import { MAX_PROFILED_CHARACTERS } from "./constants";
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

const FEMALE_WORDS = new Set(
  (
    "WOMAN GIRL LADY MOTHER MOM MOMMY MUM MA MRS MS MISS QUEEN PRINCESS SISTER AUNT AUNTIE GRANDMA " +
    "GRANDMOTHER DAUGHTER WIFE BRIDE GIRLFRIEND NUN WAITRESS ACTRESS HOSTESS STEWARDESS DUCHESS " +
    "MADAM MADAME WITCH NIECE WIDOW HEROINE LASS GAL FEMALE"
  ).split(" "),
);
const MALE_WORDS = new Set(
  (
    "MAN GUY BOY LAD GENTLEMAN FATHER DAD DADDY PA PAPA MR SIR KING PRINCE BROTHER UNCLE GRANDPA " +
    "GRANDFATHER SON HUSBAND GROOM BOYFRIEND MONK PRIEST WAITER ACTOR DUKE LORD NEPHEW WIDOWER " +
    "HERO MALE FELLA FELLOW"
  ).split(" "),
);
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

function genderOfWord(word: string): Gender | null {
  const w = word
    .toUpperCase()
    .replace(/['’]S$/, "")
    .replace(/\.$/, "");
  if (FEMALE_WORDS.has(w)) return "female";
  if (MALE_WORDS.has(w)) return "male";
  return null;
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
}

// First words that are descriptions, not given names ("YOUNG EDWARD", "BANK OFFICIAL").
const NOT_A_GIVEN_NAME = new Set(
  (
    "THE A AN YOUNG OLD OLDER LITTLE BIG ADULT TEEN TEENAGE DR DR. MR MR. MRS MRS. MS MS. MISS SIR " +
    "SOME VARIOUS OTHER FIRST SECOND THIRD ANOTHER BANK POLICE OFFICER DETECTIVE AGENT CAPTAIN"
  ).split(" "),
);

// Last words that make a name a role ("GRIM FARMER", "TELLER WOMAN"), not "Given Surname".
const ROLE_WORDS = new Set(
  (
    "MAN WOMAN BOY GIRL FARMER OFFICIAL LEADER VOICE GUARD COP SOLDIER DRIVER WAITER WAITRESS NURSE " +
    "DOCTOR KID CHILD TOTER WORKER OWNER MANAGER CLERK TELLER STUDENT TEACHER PRIEST OFFICER AGENT"
  ).split(" "),
);

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
  for (const block of blocks) {
    if (block.type === "scene_heading") {
      previousSubject = undefined;
      recent = [];
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
        if (!name || !writtenAsName(m[1])) continue;
        mentions.push({ name, index: m.index });
        // "his wife ELIZABETH", "his son Henry": the word before says it.
        const before = /(?<![\p{L}'’])([\p{L}'’]+)[\s,]*$/u.exec(sentence.slice(Math.max(0, m.index - 40), m.index));
        if (before) vote(votes, name, genderOfWord(before[1]), 2);
      }
      const subject = mentions[0]?.name ?? previousSubject;
      // Within a sentence one person keeps one gender: in "He grabs her hand" the "her" is someone else.
      const given = new Map<string, Gender>();
      for (const p of sentence.matchAll(PRONOUN)) {
        const word = p[1].toLowerCase();
        const gender: Gender = /^(he|him|his|himself)$/.test(word) ? "male" : "female";
        const next = /^\s*([\p{L}]+)/u.exec(sentence.slice(p.index + word.length));
        const isObject = word === "him" || (word === "her" && (!next || AFTER_OBJECT_HER.has(next[1].toLowerCase())));
        const earlier = mentions.filter((m) => m.index < p.index);
        const seen = [...recent, ...earlier.map((m) => m.name)];
        let referent = isObject ? undefined : earlier.length ? earlier[earlier.length - 1].name : previousSubject;
        if (isObject || (referent && given.has(referent) && given.get(referent) !== gender)) {
          // "Mary runs. Henry grabs her." — not the one doing the grabbing.
          const actor = isObject ? subject : referent;
          referent = undefined;
          for (let i = seen.length - 1; i >= 0 && !referent; i--) if (seen[i] !== actor) referent = seen[i];
        }
        if (referent && !given.has(referent)) given.set(referent, gender);
        vote(votes, referent, gender);
      }
      for (const m of mentions) {
        recent = recent.filter((n) => n !== m.name);
        recent.push(m.name);
      }
      if (recent.length > 8) recent = recent.slice(-8);
      if (subject) previousSubject = subject;
    }
  }
  return votes;
}

function decide(name: string, tally: { male: number; female: number } | undefined): CharacterProfile {
  const fromName = genderFromName(name);
  let gender: Gender = fromName ?? "neutral";
  if (!fromName && tally) {
    if (tally.male > tally.female) gender = "male";
    else if (tally.female > tally.male) gender = "female";
  }
  return { gender, pronouns: { ...PRONOUNS[gender] } };
}

/** Profiles for many characters at once (one pass over the blocks). */
export function guessCharacterProfiles(names: string[], blocks: readonly Block[]): Record<string, CharacterProfile> {
  const votes = collectVotes(names, blocks);
  return Object.fromEntries(names.map((n) => [n, decide(n, votes.get(n))]));
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
