/**
 * What names say of a character's gender (docs/decisions.md#offline-storyboards): gendered words ("WOMAN", "MRS"),
 * the given name the script writes, and the noun of the apposition that introduces them. Read by the pronoun guess
 * in profile.ts.
 */
import { getGender as genderOfGivenName } from "gender-detection-from-name";
import type { Block, Gender } from "./types";

const FEMALE_WORDS = new Set(
  (
    "WOMAN GIRL LADY MOTHER MOM MOMMY MUM MA MRS MS MISS QUEEN PRINCESS SISTER AUNT AUNTIE GRANDMA " +
    "GRANDMOTHER DAUGHTER WIFE BRIDE GIRLFRIEND NUN WAITRESS ACTRESS HOSTESS STEWARDESS DUCHESS " +
    "MADAM MADAME WITCH NIECE WIDOW HEROINE LASS GAL FEMALE GRANDDAUGHTER STEPMOTHER STEPDAUGHTER BARMAID " +
    "MAID SHE-WOLF SCHOOLGIRL GODMOTHER"
  ).split(" "),
);
const MALE_WORDS = new Set(
  (
    "MAN GUY BOY LAD GENTLEMAN FATHER DAD DADDY PA PAPA MR SIR KING PRINCE BROTHER UNCLE GRANDPA " +
    "GRANDFATHER SON HUSBAND GROOM BOYFRIEND MONK PRIEST WAITER ACTOR DUKE LORD NEPHEW WIDOWER " +
    "HERO MALE FELLA FELLOW GRANDSON STEPFATHER STEPSON SCHOOLBOY GODFATHER BARMAN"
  ).split(" "),
);
export function genderOfWord(word: string): Gender | null {
  const w = word
    .toUpperCase()
    .replace(/['’]S$/, "")
    .replace(/\.$/, "");
  if (FEMALE_WORDS.has(w)) return "female";
  if (MALE_WORDS.has(w)) return "male";
  return null;
}

// First words that are descriptions, not given names ("YOUNG EDWARD", "BANK OFFICIAL").
export const NOT_A_GIVEN_NAME = new Set(
  (
    "THE A AN YOUNG OLD OLDER LITTLE BIG ADULT TEEN TEENAGE DR DR. MR MR. MRS MRS. MS MS. MISS SIR " +
    "SOME VARIOUS OTHER FIRST SECOND THIRD ANOTHER BANK POLICE OFFICER DETECTIVE AGENT CAPTAIN"
  ).split(" "),
);

// Last words that make a name a role ("GRIM FARMER", "TELLER WOMAN"), not "Given Surname".
export const ROLE_WORDS = new Set(
  (
    "MAN WOMAN BOY GIRL FARMER OFFICIAL LEADER VOICE GUARD COP SOLDIER DRIVER WAITER WAITRESS NURSE " +
    "DOCTOR KID CHILD TOTER WORKER OWNER MANAGER CLERK TELLER STUDENT TEACHER PRIEST OFFICER AGENT"
  ).split(" "),
);

/** Given names borne by women and men alike: a list of names says one, the name itself says nothing. */
const UNISEX_NAMES = new Set(
  (
    "ALEX ALEXIS ANDY ARI ASH AVERY BAILEY BILLIE BLAKE CAMERON CASEY CHARLIE CHRIS DANA DREW ELLIS EMERSON FINLEY " +
    "FRANKIE GRAY HARLEY HAYDEN JAMIE JESSE JO JODY JORDAN KAI KELLY KIT LEE LESLIE LOGAN MORGAN NOEL PARKER PAT " +
    "PEYTON QUINN REESE RILEY RIVER ROBIN ROWAN SAM SAGE SASHA SKYLER SYDNEY TAYLOR TERRY TONI TRACY"
  ).split(" "),
);

const isCapitalsWord = (word: string) => /\p{Lu}/u.test(word) && !/\p{Ll}/u.test(word);

/**
 * Each name in capitals followed by a comma, with what follows it up to the next punctuation: "CAPTAIN DIAZ, a stern
 * woman in her 60s," gives [["CAPTAIN", "DIAZ"], "a stern woman in her 60s"]. An age in brackets may stand between
 * ("MAISIE (12), his granddaughter"). Linear: each comma looks at most 60 characters either way.
 */
function* appositions(text: string): Generator<[string[], string]> {
  for (let comma = text.indexOf(","); comma !== -1; comma = text.indexOf(",", comma + 1)) {
    const before = text
      .slice(Math.max(0, comma - 60), comma)
      .replace(/(?<!\s)\s*\([^()]{0,20}\)$/, "")
      .split(" ");
    const run: string[] = [];
    for (let i = before.length - 1; i >= 0 && run.length < 4 && isCapitalsWord(before[i]); i--) run.unshift(before[i]);
    if (!run.length) continue;
    const after = text.slice(comma + 1, comma + 61);
    const stop = after.search(/[,.;:!?]/);
    yield [run, (stop < 0 ? after : after.slice(0, stop)).trim()];
  }
}

export interface NameEvidence {
  /** The given name the script writes for the character. */
  given: Map<string, string>;
  /** What an apposition after the name says: "DIAZ, a stern woman in her 60s," is a woman. */
  apposed: Map<string, Gender>;
}

const TITLE_WORDS = new Set(
  "DR DR. MR MR. MRS MRS. MS MS. MISS SIR CAPTAIN DETECTIVE AGENT OFFICER SERGEANT SGT LT LIEUTENANT PROFESSOR FATHER SISTER NURSE".split(
    " ",
  ),
);

/**
 * Evidence in the names, found in one pass over the script: the given name ("DICK" for STEEL introduced as "DICK
 * STEEL", the first word of "NANCY"), unless the script also uses that word as a common noun ("the captain"), which
 * makes it a role, or writes a title before it ("CAPTAIN DIAZ": a surname); and a gendered noun in the apposition
 * that introduces the character ("a stern woman", "her brother", "the harbourmaster's wife").
 */
export function nameEvidence(names: readonly string[], blocks: readonly Block[]): NameEvidence {
  const wanted = new Set(names);
  // "DR. OKAFOR" is introduced as "DR. AMARA OKAFOR": a titled cue is found by its surname.
  const bySurname = new Map(
    names.flatMap((n) => {
      const words = n.split(" ");
      return words.length === 2 && TITLE_WORDS.has(words[0]) ? [[words[1], n] as const] : [];
    }),
  );
  const fromIntroduction = new Map<string, string>();
  const titled = new Set<string>();
  const apposed = new Map<string, Gender>();
  const commonNouns = new Set<string>();
  for (const block of blocks) {
    for (const m of block.text.matchAll(/(?<![\p{L}])(?:the|a|an|this|that|his|her|their|our|your|my)\s+(\p{L}+)/giu))
      commonNouns.add(m[1].toUpperCase());
    if (block.type !== "action" && block.type !== "general") continue;
    // Each pair of words in capitals, overlapping: "DETECTIVE ANA REYES" gives DETECTIVE ANA and ANA REYES.
    for (const m of block.text.matchAll(/(?<![\p{L}'’.-])(\p{Lu}[\p{Lu}'’.-]+)(?= (\p{Lu}[\p{Lu}'’-]+)(?![\p{L}]))/gu)) {
      const name = wanted.has(m[2]) ? m[2] : bySurname.get(m[2]);
      if (!name || fromIntroduction.has(name)) continue;
      if (TITLE_WORDS.has(m[1])) titled.add(name);
      else if (!NOT_A_GIVEN_NAME.has(m[1]) && !genderOfWord(m[1])) fromIntroduction.set(name, m[1]);
    }
    for (const [run, apposition] of appositions(block.text)) {
      // "DETECTIVE ANA REYES" introduces REYES: the name is the run itself or one of its endings.
      const name = run.map((_, i) => run.slice(i).join(" ")).find((n) => wanted.has(n));
      if (!name || apposed.has(name)) continue;
      const said = new Set(
        apposition
          .split(/\s+/)
          .map(genderOfWord)
          .filter((g): g is Gender => g !== null),
      );
      if (said.size === 1) apposed.set(name, [...said][0]);
    }
  }
  const given = new Map<string, string>();
  for (const name of names) {
    const words = name.split(" ");
    const candidate = fromIntroduction.get(name) ?? (titled.has(name) ? undefined : words[0]);
    if (!candidate || NOT_A_GIVEN_NAME.has(candidate) || ROLE_WORDS.has(words[words.length - 1]) || commonNouns.has(candidate)) continue;
    if (!UNISEX_NAMES.has(candidate)) given.set(name, candidate);
  }
  return { given, apposed };
}

/** What the given name says, when it says anything ("unknown" for most names of the world and every role). */
export const genderOfGiven = (given: string | undefined): "male" | "female" | "unknown" =>
  given ? genderOfGivenName(given.toLowerCase(), "en") : "unknown";
