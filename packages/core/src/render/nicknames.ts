/**
 * What other characters call someone (docs/decisions.md#what-the-writer-sees):
 * what the action says ("his friends call him Johnny", "known as Doc",
 * JOHN "SPARKY" SMITH) and how others address them in dialogue ("Johnny,
 * wait", "Come on, Liz."). A word of address counts only when it looks like
 * the name's own short form (it shares the name's first three letters or is
 * part of it) and is not another character's name. Pure and browser-safe.
 */
import type { Block } from "../screenplay/types";
import { sentencesOf } from "./sentences";

/** Capitalised words that open or close a line as often as any name. */
const NOT_NAMES = new Set(
  (
    "well look listen okay ok yes yeah yep no nope now please sorry hey oh ah so come wait right fine sure then but and " +
    "man god jesus christ thanks thank hello hi bye goodbye good great honey baby dear darling sir madam ma'am mister " +
    "miss mom mum dad kid boy girl guys folks everyone everybody buddy pal friend dude bro sis doctor doc officer"
  ).split(" "),
);

const NAME_WORD = String.raw`\p{Lu}[\p{Ll}'’-]{1,20}`;
/** Word-bounded word of address: "Johnny, wait", "Wait, Johnny!", "Listen, Johnny, it's late." */
const VOCATIVES = [
  new RegExp(String.raw`(?:^|[.!?]\s+)(?:(?:Hey|Oh|Look|Listen|Come on)[,!]?\s+)?(${NAME_WORD})[,!](?=\s|$)`, "gu"),
  new RegExp(String.raw`,\s+(${NAME_WORD})(?=[.!?,]|$)`, "gu"),
];
/** One capitalised word, or up to two inside quotes: Johnny, "Big Ed". */
const NICKNAME = String.raw`(?:["“']([\p{L}'’-]{2,20}(?:\s[\p{L}'’-]{2,20})?)["”']|(\p{Lu}[\p{Ll}'’-]{1,20}))`;
const NAMING = String.raw`(?:known\s+as|nicknamed|called|a\.?k\.?a\.?|goes\s+by|go\s+by)`;
/** "his friends call him Johnny", "everyone calls her 'Doc'": about whoever "him" or "her" is. */
const CALL_PRONOUN = new RegExp(String.raw`\bcall(?:s|ed)?\s+(?:him|her|them)\s+(?:by\s+)?${NICKNAME}`, "u");
/** "he is known as Doc", "she goes by Bee", "who is called 'Big Ed'". */
const PRONOUN_NAMING = new RegExp(
  String.raw`\b(?:he|she|they|who)(?:'s|\s+is|\s+was|\s+are|\s+were)?\s+(?:also\s+)?${NAMING}\s+${NICKNAME}`,
  "iu",
);
/** "JOHN, a.k.a. Johnny," or "JOHN (known as Johnny)" or JOHN "SPARKY" SMITH, for this character's own name. */
const namedNaming = (name: string) =>
  new RegExp(String.raw`${escape(name)}(?:\s*[,(]\s*(?:also\s+)?${NAMING}\s+${NICKNAME}|\s+["“]([^"”]{2,20})["”])`, "iu");
const first = (m: RegExpMatchArray | null) => m?.slice(1).find(Boolean);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mentions = (sentence: string, name: string) => new RegExp(`(^|[^\\p{L}])${escape(name)}($|[^\\p{L}])`, "iu").test(sentence);
const lower = (s: string) => s.toLowerCase();
/** "SPARKY" (a name in capitals, as introductions write it) and "sparky" read as "Sparky". */
const asWritten = (n: string) =>
  n === n.toUpperCase() || n === n.toLowerCase() ? lower(n).replace(/(^|\s)\p{Ll}/gu, (c) => c.toUpperCase()) : n;

/** What a short form adds to the start of a name: Johnny, Marco, Bobbie, Johnboy. */
const DIMINUTIVE_ENDING = /^(?:|y|ie|ey|ny|nie|sy|sie|o|a|s|er|boy|ster)$/;

/**
 * Whether a word of address looks like a short form of the name: JOHN →
 * Johnny (the name's start and a diminutive ending), ELIZABETH → Liz or Beth
 * (a part of it); FARMER → Farewell and SOME → Somehow are no short forms.
 */
function shortFormOf(word: string, name: string): boolean {
  const w = lower(word);
  if (w.length < 3) return false;
  return lower(name)
    .split(/[\s.]+/)
    .filter((part) => part.length >= 3 && part !== w)
    .some((part) => {
      let common = 0;
      while (common < Math.min(w.length, part.length) && w[common] === part[common]) common++;
      return (common >= 3 && DIMINUTIVE_ENDING.test(w.slice(common))) || part.includes(w);
    });
}

/** Names the action gives: sentences about the character, or about "him"/"her" after one (the nearest reference). */
function declaredNames(name: string, blocks: readonly Block[], others: readonly string[]): string[] {
  const found: string[] = [];
  const ownNaming = namedNaming(name);
  for (const block of blocks) {
    if (block.type !== "action" && block.type !== "general") continue;
    let subject: string | null = null;
    for (const sentence of sentencesOf(block.text)) {
      const named = [name, ...others].filter((n) => mentions(sentence, n));
      // A sentence naming one character is about them, and so are the sentences after it until another is named.
      if (named.length) subject = named.length === 1 ? named[0] : null;
      const declared = [
        named.includes(name) ? first(sentence.match(ownNaming)) : undefined,
        subject === name ? first(sentence.match(CALL_PRONOUN)) : undefined,
        subject === name ? first(sentence.match(PRONOUN_NAMING)) : undefined,
      ];
      for (const n of declared) if (n && !others.some((o) => lower(o) === lower(n))) found.push(n);
    }
  }
  return found.map(asWritten);
}

/** Words of address in other characters' lines that are this character's short form (or a name the action gave them) and nobody else's name. */
function addressedAs(name: string, blocks: readonly Block[], others: readonly string[], declared: ReadonlySet<string>): string[] {
  const otherNames = new Set(others.flatMap((o) => [lower(o), ...lower(o).split(/[\s.]+/)]));
  const ownParts = new Set(lower(name).split(/[\s.]+/));
  const found: string[] = [];
  for (const block of blocks) {
    if (block.type !== "dialogue" || !block.character || block.character === name) continue;
    for (const pattern of VOCATIVES)
      for (const match of block.text.matchAll(pattern)) {
        const word = match[1];
        const w = lower(word);
        if (NOT_NAMES.has(w) || ownParts.has(w) || (otherNames.has(w) && !ownParts.has(w))) continue;
        if (shortFormOf(word, name) || declared.has(w)) found.push(word);
      }
  }
  return found;
}

/** What others call a character, most used first, at most three. */
export function nicknamesOf(name: string, blocks: readonly Block[]): string[] {
  const others = [...new Set(blocks.map((b) => b.character).filter((c): c is string => Boolean(c) && c !== name))];
  const counts = new Map<string, number>();
  // What the action declares outweighs one word of address.
  const declared = declaredNames(name, blocks, others);
  for (const n of declared) counts.set(n, (counts.get(n) ?? 0) + 2);
  for (const n of addressedAs(name, blocks, others, new Set(declared.map(lower)))) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([n]) => n)
    .filter((n) => lower(n) !== lower(name))
    .slice(0, 3);
}
