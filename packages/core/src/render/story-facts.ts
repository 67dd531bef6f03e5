/**
 * What the screenplay itself says about a character or a scene, gathered
 * before anything is written (docs/product.md#renders, descriptions). The
 * offline writer turns these facts into sentences; the cloud writer receives
 * them as its input, so both start from the same reading of the script.
 * Pure and browser-safe.
 */
import type { Block, CharacterEntry, SceneDictionary, SceneInfo } from "../screenplay/types";
import { introducedName, relationOf, visualDetails } from "./character-details";
import type { SceneContinuity } from "./continuity";
import { nicknamesOf } from "./nicknames";
import { sentencesOf } from "./sentences";

export { sentencesOf };

export type CharacterKind = "person" | "animal" | "thing";

export interface CharacterFacts {
  name: string;
  kind: CharacterKind;
  /** The animal or thing named, e.g. "dog", "robot"; absent for people. */
  species?: string;
  gender: "male" | "female" | "neutral";
  /** As the script gives it: "in their 40s", "young", "elderly"… */
  age?: string;
  /** An appositive after the name: "BRICK, retired police detective," gives "retired police detective". */
  role?: string;
  /** The name as the script first writes it: "Dick Steel" for STEEL. */
  introducedAs: string;
  /** The role as a relation to someone named: "his former partner" after BRICK gives "Brick's former partner". */
  relation?: string;
  /** Up to two visual details from the introduction: "tall", "in a raincoat", "carrying two cold beers". */
  details: string[];
  /** Action sentences that show the character, first (the introduction) to last, at most three. */
  shown: string[];
  /** Their parentheticals, e.g. "anguished", "disbelief". */
  delivery: string[];
  /** How other characters address or name them in dialogue, e.g. "Doc". */
  calledBy: string[];
}

export interface SceneFacts {
  /** 1-based position in the script. */
  number: number;
  heading: string;
  setting: string;
  timeOfDay?: string;
  weather?: string;
  mood?: string;
  /** The scene's first action sentence. */
  opening?: string;
  /** It goes on from the scene before (CONTINUOUS, LATER…), at that scene's time and in its weather. */
  continues?: boolean;
  flashback?: boolean;
  dream?: boolean;
}

export const ANIMALS =
  "dog puppy terrier retriever poodle hound cat kitten horse pony bird parrot crow raven owl pigeon duck goose chicken rooster cow bull pig sheep goat fish shark whale dolphin mouse rat rabbit fox wolf bear deer snake monkey gorilla lion tiger elephant frog turtle squirrel";
const ANIMAL_WORDS = new Set(ANIMALS.split(" "));
/** Verbs only an animal does, and which animal. */
const ANIMAL_VERBS: Record<string, string> = Object.fromEntries([
  ..."barks barking growls growling whimpers yelps howls wags wagging woofs".split(" ").map((v) => [v, "dog"]),
  ..."meows miaows purrs purring mews".split(" ").map((v) => [v, "cat"]),
  ..."neighs whinnies gallops canters".split(" ").map((v) => [v, "horse"]),
  ..."chirps tweets squawks caws pecks flutters".split(" ").map((v) => [v, "bird"]),
  ..."moos".split(" ").map((v) => [v, "cow"]),
]);
const THING_WORDS = new Set(
  "robot computer radio phone telephone tv television intercom speaker machine android ai a.i. car ship voice".split(" "),
);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const namePattern = (name: string, flags = "iu") => new RegExp(`(^|[^\\p{L}])${escape(name)}($|[^\\p{L}])`, flags);
const words = (text: string) => text.toLowerCase().match(/[\p{L}.']+/gu) ?? [];
const singular = (w: string) => w.replace(/(?<=[^s])s$/, "");

function kindOf(name: string, intro: string, action: string): { kind: CharacterKind; species?: string } {
  // "His dog, RUFUS," or "the dog RUFUS": the word just before the name says what it is.
  const before = new RegExp(`(?:^|[^\\p{L}])([\\p{L}]+),?\\s+${escape(name)}(?:$|[^\\p{L}])`, "iu").exec(action)?.[1]?.toLowerCase();
  if (before && ANIMAL_WORDS.has(singular(before))) return { kind: "animal", species: singular(before) };
  // "BISCUIT barks", "Biscuit happily wags his tail": what only an animal does says which one.
  const sound = new RegExp(`(?:^|[^\\p{L}])${escape(name)}\\s+(?:\\p{L}+ly\\s+)?(\\p{L}+)`, "giu");
  for (const match of action.matchAll(sound)) {
    const species = ANIMAL_VERBS[match[1].toLowerCase()];
    // A sergeant "barks an order" or "growls into the phone": a person talking like one.
    const after = action.slice(match.index + match[0].length, match.index + match[0].length + 30);
    if (species && !/^\s+(?:(?:an?|the|his|her|their)\s+)?(?:orders?|commands?|instructions?|questions?|names?|into|out|back|at (?:him|her|them)|something|words?|replies?)\b|^,?\s*"/i.test(after))
      return { kind: "animal", species };
  }
  const fromName = words(name).map(singular);
  const animal = fromName.find((w) => ANIMAL_WORDS.has(w));
  if (animal) return { kind: "animal", species: animal };
  const thing = fromName.find((w) => THING_WORDS.has(w) && w !== "voice");
  if (thing) return { kind: "thing", species: thing };
  // "REX, a scruffy terrier," names a dog in the introduction.
  const apposition = intro.match(new RegExp(`${escape(name)}\\s*(?:\\([^)]*\\))?\\s*,\\s*(?:an?|the)?\\s*([^,.;]+)`, "iu"))?.[1] ?? "";
  const described = words(apposition)
    .map(singular)
    .find((w) => ANIMAL_WORDS.has(w));
  return described ? { kind: "animal", species: described } : { kind: "person" };
}

const AGE_WORDS: [RegExp, string][] = [
  [/\b(baby|infant|toddler)\b/i, "a baby"],
  [/\b(kid|child|little (?:boy|girl))\b/i, "a child"],
  [/\b(teen|teenage|teenager|adolescent)\b/i, "a teenager"],
  [/\bmiddle[- ]aged\b/i, "middle-aged"],
  [/\b(elderly|aged|old|older|grey-haired|gray-haired)\b/i, "elderly"],
  [/\b(young|younger|youthful)\b/i, "young"],
];

function ageOf(name: string, intro: string, gender: CharacterFacts["gender"]): string | undefined {
  const after = intro.match(new RegExp(`${escape(name)}[^.]{0,60}`, "iu"))?.[0] ?? intro;
  // Up to the next name in capitals: "GRACE, an elderly waitress, pours coffee for LEO, 9," — the 9 is Leo's.
  // The rest of the name's own run ("TOM HALLORAN, 60s") is not another name.
  const rest = after.slice(name.length).replace(/^(?: \p{Lu}[\p{Lu}'’.-]+)+/u, "");
  const next = rest.search(/(?<![\p{L}])\p{Lu}{2,}(?![\p{L}])/u);
  const near = next < 0 ? after : after.slice(0, after.length - rest.length + next);
  const pronoun = gender === "female" ? "her" : gender === "male" ? "his" : "their";
  const decade = near.match(/\b(?:(early|mid|late)[- ])?(\d)0['’]?s\b/i);
  if (decade) return `in ${pronoun} ${decade[1] ? `${decade[1].toLowerCase()} ` : ""}${decade[2]}0s`;
  const years = near.match(/[,(]\s*(\d{1,2})\s*[,)]/);
  if (years) return `${years[1]} years old`;
  for (const [pattern, age] of AGE_WORDS) if (pattern.test(near) || pattern.test(name)) return age;
  return undefined;
}

function roleOf(name: string, intro: string): string | undefined {
  // "TOM HALLORAN, 60s, the lighthouse keeper,": an age between the name and the role is skipped.
  const found = intro
    .match(
      new RegExp(`${escape(name)}(?:\\s*\\([^()]*\\))?(?:\\s*,\\s*(?:early |mid |late )?\\d[^,]{0,12})?\\s*,\\s*([^,.;]{3,60}),`, "iu"),
    )?.[1]
    ?.trim();
  if (!found || /^\d/.test(found)) return undefined;
  return found.replace(/\b(early|mid|late)?[- ]?\d0['’]?s\b/gi, "").replace(/^[\s,]+|(?<![\s,])[\s,]+$/g, "") || undefined;
}

/** Reads a character from the whole script: introduction, later action, parentheticals, how others address them. */
export function characterFacts(name: string, entry: Pick<CharacterEntry, "gender">, blocks: readonly Block[]): CharacterFacts {
  const mention = namePattern(name);
  const actionSentences = blocks
    .filter((b) => b.type === "action" || b.type === "general" || b.type === "shot")
    .flatMap((b) => sentencesOf(b.text));
  const shown = actionSentences.filter((s) => mention.test(s));
  const intro = shown[0] ?? "";
  const introAt = actionSentences.indexOf(intro);
  // The introduction up to the name, and the two sentences before it: where "his" in "his former partner" points.
  const before = [
    ...actionSentences.slice(Math.max(0, introAt - 2), Math.max(0, introAt)),
    intro.slice(0, Math.max(0, intro.search(mention))),
  ].join(" ");
  const speakers = [...new Set(blocks.flatMap((b) => (b.character ? [b.character] : [])))];
  const { kind, species } = kindOf(name, intro, actionSentences.join(" "));
  const gender = entry.gender ?? "neutral";
  const delivery = [
    ...new Set(
      blocks
        .filter((b) => b.type === "parenthetical" && b.character === name)
        .map((b) =>
          b.text
            .replace(/^\(|\)$/g, "")
            .trim()
            .toLowerCase(),
        )
        .filter((t) => t && !/^(beat|pause|cont'?d|o\.s\.|v\.o\.|silent)$/.test(t)),
    ),
  ].slice(0, 3);
  const calledBy = nicknamesOf(name, blocks);
  const introducedAs = introducedName(name, intro);
  // "BRICK BRADDOCK, retired police detective," gives BRICK his role through the full name.
  const role = kind === "person" ? (roleOf(name, intro) ?? roleOf(introducedAs, intro)) : undefined;
  return {
    name,
    kind,
    ...(species ? { species } : {}),
    gender,
    ...optional("age", kind === "person" ? ageOf(name, intro, gender) : undefined),
    ...optional("role", role),
    introducedAs,
    ...optional("relation", role ? relationOf(role, name, before, speakers) : undefined),
    details: visualDetails(name, intro),
    shown: shown.slice(0, 3),
    delivery,
    calledBy,
  };
}

const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, V>));

const WEATHER: [RegExp, string][] = [
  [/\b(snow|snowing|snowfall|blizzard|sleet)\b/i, "snow"],
  [/\b(storm|thunder|lightning)\b/i, "a storm"],
  [/\b(rain|raining|rainy|drizzle|downpour|puddles?)\b/i, "rain"],
  [/\b(fog|foggy|mist|misty)\b/i, "fog"],
  [/\b(wind|windy|gusts?)\b/i, "wind"],
  [/\b(sun|sunny|sunshine|sunlit|shining)\b/i, "sunshine"],
];

const MOODS: [RegExp, string][] = [
  [/\b(scream|gun|shoots?|blood|knife|panic|terrified|chase|explodes?|fight)\b/i, "tense"],
  [/\b(cry|cries|crying|tears|sobs?|anguish(?:ed)?|alone|grief|mourn|funeral|depressing)\b/i, "melancholy"],
  [/\b(laugh|laughs|smile|smiles|joke|grins?|giggles?|gorgeous|cheers?)\b/i, "light-hearted"],
  [/\b(kiss|kisses|embrace|tender|holds hands)\b/i, "tender"],
  [/\b(quiet|quietly|silence|silent|still|stares?|contemplat\w*|slow)\b/i, "quiet"],
];

/** A scene's mood from its own lines (tense, melancholy, light-hearted, tender, quiet), or none. */
export const sceneMood = (text: string) => MOODS.find(([p]) => p.test(text))?.[1];

const title = (s: string) => s.toLowerCase().replace(/(^|[\s/-])\p{L}/gu, (c) => c.toUpperCase());

/**
 * Reads a scene: heading (setting, time of day) and its own lines (weather, mood, the opening image). A scene that
 * continues the one before (render/continuity.ts) happens at that scene's time and, unless its own lines say
 * otherwise, in its weather: give the continuity and the facts of the scene it continues.
 */
export function sceneFacts(
  number: number,
  scene: SceneInfo,
  sceneBlocks: readonly Block[],
  continuity: SceneContinuity = {},
  continued?: SceneFacts,
): SceneFacts {
  const text = sceneBlocks
    .filter((b) => b.type !== "scene_heading")
    .map((b) => b.text)
    .join(" ");
  const action = sceneBlocks.filter((b) => b.type === "action" || b.type === "general" || b.type === "shot");
  const place =
    scene.interior === "EXT"
      ? "Exterior"
      : scene.interior === "INT"
        ? "Interior"
        : scene.interior === "INT/EXT"
          ? "Interior and exterior"
          : "";
  const location = title(scene.location || scene.heading);
  const timeOfDay = continuity.timeOfDay ?? (continuity.continuesFrom ? undefined : scene.timeOfDay?.toLowerCase());
  const weather = WEATHER.find(([p]) => p.test(text))?.[1] ?? (continuity.continuesFrom ? continued?.weather : undefined);
  return {
    number,
    heading: scene.heading,
    setting: place ? `${place}, ${location}` : location,
    ...optional("timeOfDay", timeOfDay || undefined),
    ...optional("weather", weather),
    ...optional("mood", sceneMood(text)),
    ...optional("opening", action.flatMap((b) => sentencesOf(b.text))[0]),
    ...optional("continues", continuity.continuesFrom ? true : undefined),
    ...optional("flashback", continuity.flashback),
    ...optional("dream", continuity.dream),
  };
}

/** Scene ids in script order. Scene ids are the heading blocks' ids (b0001, b0002…), which count in document order. */
export function sceneIdsInScriptOrder(sceneDictionary: SceneDictionary | Record<string, unknown> | undefined): string[] {
  return Object.keys(sceneDictionary ?? {}).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}
