/**
 * What the offline image maker can draw, read from an image prompt: animals,
 * key objects, weather, time of day and setting words. Browser-safe and pure:
 * the image picker uses the same reading to tell the writer, before paying,
 * which words of an on-demand prompt the offline frames can follow
 * (docs/product.md#renders, on-demand images).
 */
import { animalShapeOf, type AnimalShape } from "../../screenplay/animals";

export type ObjectKind =
  | "bench"
  | "car"
  | "fountain"
  | "streetlight"
  | "umbrella"
  | "bicycle"
  | "table"
  | "computer"
  | "bucket"
  | "cup"
  | "boat"
  | "fire"
  | "tree"
  | "book";

const OBJECT_WORDS: [ObjectKind, RegExp][] = [
  ["bench", /\b(bench|benches)\b/i],
  ["car", /\b(car|cars|taxi|cab|truck|van|jeep|sedan|porsche|ferrari|cadillac|limo|limousine|convertible|pickup|suv|mustang)\b/i],
  ["fountain", /\bfountains?\b/i],
  ["streetlight", /\b(street ?lights?|lamp ?posts?|street ?lamps?)\b/i],
  ["umbrella", /\bumbrellas?\b/i],
  ["bicycle", /\b(bicycles?|bikes?)\b/i],
  ["table", /\b(table|desk)s?\b/i],
  // A screen door is a door, not a monitor.
  ["computer", /\b(computers?|laptops?|screens?(?! doors?\b)|monitors?|terminals?)\b/i],
  ["bucket", /\b(buckets?|mops?)\b/i],
  ["cup", /\b(coffees?|cups?|mugs?|beers?|glass(es)?|drinks?)\b/i],
  ["boat", /\b(boats?|ships?|canoe|yacht)\b/i],
  ["fire", /\b(fire|campfire|bonfire|flames?)\b/i],
  ["tree", /\b(trees?|oak|pine|palm)\b/i],
  ["book", /\b(books?|notebooks?|novel|manuscript)\b/i],
];

export type Weather = "rain" | "snow" | "fog" | "storm" | "wind";

const WEATHER_WORDS: [Weather, RegExp][] = [
  ["storm", /\b(storm|stormy|thunder|thunderstorm|lightning|gale|hurricane|tempest)\b/i],
  ["snow", /\b(snow|snowing|snowy|blizzard|sleet)\b/i],
  ["rain", /\b(rain|raining|rainy|drizzle|downpour)\b/i],
  ["fog", /\b(fog|foggy|mist|misty|haze)\b/i],
  ["wind", /\b(wind|windy|winds|gusts?|gusting|breeze|blustery|windswept)\b/i],
];

export const LIGHT_WORDS: ["night" | "dawn" | "dusk" | "golden" | "day", RegExp][] = [
  ["golden", /\b(MAGIC HOUR|GOLDEN HOUR|LATE AFTERNOON)\b/i],
  ["night", /\b(NIGHT|MIDNIGHT|EVENING|LATE|MOONLIGHT|MOONLIT)\b/i],
  ["dawn", /\b(DAWN|SUNRISE|DAYBREAK|FIRST LIGHT|EARLY MORNING)\b/i],
  ["dusk", /\b(DUSK|SUNSET|TWILIGHT|SUNDOWN)\b/i],
  ["day", /\b(DAY|MORNING|AFTERNOON|NOON|MIDDAY|SUNNY|DAYLIGHT)\b/i],
];

export const EXTERIOR_WORDS: ["city" | "nature" | "water" | "desert" | "mountain", RegExp][] = [
  ["water", /\b(BEACH|OCEAN|SEA|LAKE|RIVER|HARBOU?R|DOCKS?|PIER|SHORE|BAY|COAST|BOAT)\b/i],
  ["desert", /\b(DESERT|CANYON|DUNES?|WASTELAND|BADLANDS)\b/i],
  ["mountain", /\b(MOUNTAINS?|HILLS?|CLIFFS?|PEAK|VALLEY|RIDGE|SUMMIT)\b/i],
  ["nature", /\b(FOREST|WOODS?|PARK|GARDEN|FIELDS?|FARM|YARD|BACKYARD|CAMP(SITE)?|TRAIL|MEADOW|ORCHARD|JUNGLE|CEMETERY|COURTYARD)\b/i],
  [
    "city",
    /\b(STREETS?|CITY|ALLEY(WAY)?|ROAD|AVENUE|DOWNTOWN|ROOFTOP|PARKING|SIDEWALK|BUILDING|TOWN|SQUARE|BRIDGE|HIGHWAY|STATION|LOT)\b/i,
  ],
];

export const INTERIOR_WORDS: ["kitchen" | "office" | "bedroom" | "bar" | "hospital" | "classroom" | "living", RegExp][] = [
  ["kitchen", /\b(KITCHEN|PANTRY)\b/i],
  ["office", /\b(OFFICE|STUDY|PRECINCT|BANK|LIBRARY|LAB|LABORATORY|AGENCY|NEWSROOM)\b/i],
  ["bedroom", /\b(BEDROOM|MOTEL|HOTEL ROOM|DORM|NURSERY|CABIN)\b/i],
  ["bar", /\b(BAR|PUB|DINER|RESTAURANT|CAFE|CAF\u00c9|SALOON|CLUB|TAVERN|COFFEE SHOP)\b/i],
  ["hospital", /\b(HOSPITAL|CLINIC|WARD|INFIRMARY|ER)\b/],
  ["classroom", /\b(CLASSROOM|SCHOOL|LECTURE|COURTROOM|CHURCH|CHAPEL)\b/i],
  ["living", /\b(LIVING ROOM|APARTMENT|HOUSE|HOME|LOUNGE|DEN|FLAT|CONDO|MANSION|HALLWAY|FOYER)\b/i],
];

const PERSON_WORDS = /\b(man|men|woman|women|girl|boy|child|kid|person|people|lady|guy|stranger|crowd)\b/i;

export interface PromptReading {
  animals: { species: string; shape: AnimalShape }[];
  objects: ObjectKind[];
  weather?: Weather;
  /** Wind besides the weather ("a storm" is windy too; "rain and wind"). */
  wind: boolean;
  light?: "night" | "dawn" | "dusk" | "golden" | "day";
  exterior?: (typeof EXTERIOR_WORDS)[number][0];
  room?: (typeof INTERIOR_WORDS)[number][0];
  /** The prompt names a person without naming a character ("a man on a bench"). */
  unnamedPerson: boolean;
}

export function readPrompt(text: string): PromptReading {
  const animals = [...new Set((text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => animalShapeOf(w)))]
    .map((w) => w.replace(/(?<=[^s])s$/, ""))
    .filter((w, i, all) => all.indexOf(w) === i)
    .slice(0, 3)
    .map((species) => ({ species, shape: animalShapeOf(species)! }));
  return {
    animals,
    // In the order the text names them: an insert draws the first alone ("INSERT - a coffee cup on the desk" is the cup).
    objects: OBJECT_WORDS.map(([kind, p]) => [kind, text.search(p)] as const)
      .filter(([, at]) => at >= 0)
      .sort((a, b) => a[1] - b[1])
      .map(([kind]) => kind),
    weather: WEATHER_WORDS.find(([, p]) => p.test(text))?.[0],
    wind: WEATHER_WORDS.some(([kind, p]) => (kind === "storm" || kind === "wind") && p.test(text)),
    light: LIGHT_WORDS.find(([, p]) => p.test(text))?.[0],
    exterior: EXTERIOR_WORDS.find(([, p]) => p.test(text))?.[0],
    room: INTERIOR_WORDS.find(([, p]) => p.test(text))?.[0],
    unnamedPerson: PERSON_WORDS.test(text),
  };
}

const STOP_WORDS = new Set(
  "a an the of on in at by to with and or but is are was were be his her their its this that from into under over near next behind while as for up down out very".split(
    " ",
  ),
);

/**
 * Which words of a prompt the offline frames follow and which they cannot
 * show: the note the image picker shows before an on-demand image is bought.
 * `characters` are the names the block can show.
 */
export function promptCoverage(prompt: string, characters: string[] = []): { followed: string[]; ignored: string[] } {
  const followed: string[] = [];
  const ignored: string[] = [];
  const names = characters.map((c) => c.toLowerCase());
  for (const word of prompt.match(/[\p{L}'-]+/gu) ?? []) {
    const lower = word.toLowerCase();
    if (STOP_WORDS.has(lower) || lower.length < 3) continue;
    const known =
      names.some((n) => n.split(/\s+/).includes(lower)) ||
      Boolean(animalShapeOf(lower)) ||
      [...OBJECT_WORDS, ...WEATHER_WORDS, ...LIGHT_WORDS, ...EXTERIOR_WORDS, ...INTERIOR_WORDS].some(([, p]) => p.test(word)) ||
      PERSON_WORDS.test(word) ||
      /^(inside|outside|interior|exterior)$/.test(lower);
    (known ? followed : ignored).push(lower);
  }
  return { followed: [...new Set(followed)], ignored: [...new Set(ignored)] };
}
