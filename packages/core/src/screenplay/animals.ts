/**
 * Which characters are animals, and of what build: read from the words the
 * script and the writer's descriptions use. Pure and browser-safe: the frames,
 * the speech (an animal's line is not spoken) and the prompt reading share it.
 */

export type AnimalShape = "small" | "medium" | "large" | "bird" | "fish";

const ANIMAL_SHAPES: Record<string, AnimalShape> = Object.fromEntries([
  ..."dog puppy pup mutt terrier retriever poodle hound spaniel labrador collie cat kitten kitty fox rabbit mouse rat squirrel frog turtle".split(" ").map((w) => [w, "small"]),
  ..."wolf sheep goat pig deer monkey".split(" ").map((w) => [w, "medium"]),
  ..."horse pony stallion mare foal donkey mule cow bull bear lion tiger elephant gorilla".split(" ").map((w) => [w, "large"]),
  ..."bird parrot crow raven owl pigeon duck goose chicken rooster hen sparrow gull seagull hawk eagle canary budgie".split(" ").map((w) => [w, "bird"]),
  ..."fish shark whale dolphin".split(" ").map((w) => [w, "fish"]),
]);

export const animalShapeOf = (word: string): AnimalShape | undefined => ANIMAL_SHAPES[word.toLowerCase().replace(/(?<=[^s])s$/, "")];

/**
 * The animal a character's description says they are: its first noun phrase, after the name ("Biscuit, a scruffy
 * dog, …", "A golden retriever with one ear"), so "A man with a dog" is a man. The same rule draws them and
 * keeps their lines unspoken (render/generate.ts), and it follows the writer's edits to the description.
 */
export function animalInDescription(name: string, description: string): { species: string; shape: AnimalShape } | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const rest = description.trim().replace(new RegExp(`^${escaped}\\s*,\\s*`, "i"), "");
  const phrase = rest.split(/[,.;:!?(]|\s(?:with|and|who|that|which|in|on|at|of|from|belonging|owned|whose)\s/i)[0] ?? "";
  const words = phrase.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length > 6) return undefined;
  const found = words.map((w) => w.replace(/(?<=[^s])s$/, "")).find((w) => animalShapeOf(w));
  return found ? { species: found, shape: animalShapeOf(found)! } : undefined;
}
