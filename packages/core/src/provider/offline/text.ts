import { shotWords } from "../../board/prompt-words";
import { VISUAL_STYLES } from "../../catalog/styles";
import type { Block } from "../../screenplay/types";
import type { CharacterFacts } from "../../render/story-facts";
import type { TextProvider } from "../text";

const MAX_DESCRIPTION = 320;

const sentenceOf = (text: string, max = MAX_DESCRIPTION) => {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const stop = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
  return (stop > 80 ? cut.slice(0, stop + 1) : `${cut.replace(/(?<!\s)\s+\S*$/, "")}…`).trim();
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** "He is tall, in a raincoat." */
function detailSentence(facts: CharacterFacts, details: readonly string[]): string {
  const subject =
    facts.kind !== "person" ? "It is" : facts.gender === "female" ? "She is" : facts.gender === "male" ? "He is" : "They are";
  return `${subject} ${details.join(", ")}.`;
}

/**
 * Who they are, and how they relate. A role that is itself a description ("a stern woman", "a young barmaid",
 * "a tall priest in a black coat") takes the place of the plain head ("a woman"), with the age the head would have
 * said; a relation ("Tom's sister", "the harbourmaster's wife") follows the head.
 */
function whoAndRelation(facts: CharacterFacts): { who: string; relation?: string } {
  const head = characterHead(facts);
  // "a grandmother in her 70s" loses its decade to the age; the dangling "in her" goes too.
  let role = facts.relation?.replace(/(?<!\s)\s+in (?:his|her|their)$/i, "");
  // "retired police detective" is "a retired police detective"; "Tom's sister" and "the keeper" stay as written.
  const firstWord = role?.split(" ")[0] ?? "";
  if (role && !/^(?:a|an|the)$/i.test(firstWord) && !/['’]s$/.test(firstWord)) role = `${/^[aeiou]/i.test(role) ? "an" : "a"} ${role}`;
  if (!role || !/^(?:a|an) /i.test(role)) return { who: head, relation: role };
  const age = facts.age?.startsWith("in ") && !role.includes(facts.age) ? ` ${facts.age}` : "";
  return { who: `${role}${age}` };
}
const article = (word: string) => (/^[aeiou]/i.test(word) ? "An" : "A");

/** "A woman in her 40s", "A young man", "A dog", "A robot". */
export function characterHead(facts: CharacterFacts): string {
  if (facts.kind !== "person") {
    const what = facts.species ?? (facts.kind === "animal" ? "animal" : "thing");
    const sex = facts.kind === "animal" && facts.gender !== "neutral" ? `${facts.gender} ` : "";
    return `${article(sex || what)} ${sex}${what}`;
  }
  const noun = facts.gender === "female" ? "woman" : facts.gender === "male" ? "man" : "person";
  const { age } = facts;
  if (!age) return `${article(noun)} ${noun}`;
  if (age === "a baby" || age === "a child" || age === "a teenager") {
    const young = {
      "a baby": "baby",
      "a child": facts.gender === "female" ? "girl" : facts.gender === "male" ? "boy" : "child",
      "a teenager": "teenager",
    }[age];
    return `${article(young)} ${young}`;
  }
  if (age.startsWith("in ")) return `${article(noun)} ${noun} ${age}`;
  const years = Number(/^(\d+) years old$/.exec(age)?.[1]);
  // A 12-year-old is a girl or a boy, a 16-year-old a teenager, not a woman or a man.
  const ageNoun =
    years < 20 ? (facts.gender === "female" ? "girl" : facts.gender === "male" ? "boy" : years < 13 ? "child" : "teenager")
    : years >= 65 ? `elderly ${noun}`
    : noun;
  const adjective = age.replace(/ years old$/, "-year-old");
  if (ageNoun !== noun) return `${/^(8|11|18)\b/.test(adjective) ? "An" : article(adjective)} ${adjective} ${ageNoun}`;
  return `${/^(8|11|18)\b/.test(adjective) ? "An" : article(adjective)} ${adjective} ${noun}`;
}

/**
 * Deterministic, offline descriptions written from the facts the script gives
 * (render/story-facts.ts): what the character is (person, animal, thing), their
 * apparent age and gender, role, what they are shown doing and how they speak;
 * a scene's setting, time of day, weather and mood, and its opening image.
 */
export class OfflineTextProvider implements TextProvider {
  /**
   * Composed sentences (docs/decisions.md#offline-storyboards): "Dick Steel, a man, Brick's former partner and
   * fellow retiree. He is carrying two cold beers." The script's own sentences stay in the facts, never pasted here.
   */
  async describeCharacter({ facts }: Parameters<TextProvider["describeCharacter"]>[0]) {
    const { who, relation } = whoAndRelation(facts);
    const headWords = new Set(who.toLowerCase().split(/[\s-]+/));
    // "Cat, a cat" says nothing twice: a name that is only what they are is left out.
    const nameSaysNothing = facts.introducedAs.toLowerCase().split(/\s+/).every((w) => headWords.has(w));
    const named = nameSaysNothing ? capitalise(who) : `${facts.introducedAs}, ${lowerFirst(who)}`;
    const called = facts.calledBy.length ? ` Called ${facts.calledBy.map((c) => `"${c}"`).join(" or ")} by others.` : "";
    // A detail the role already says ("a tall priest in a black coat") is not said again.
    const said = `${who} ${relation ?? ""}`.toLowerCase();
    const details = facts.details.filter((d) => !said.includes(d.replace(/^in (a |an )?/, "")));
    const detailText = details.length ? ` ${detailSentence(facts, details)}` : "";
    return sentenceOf(`${named}${relation ? `, ${relation}` : ""}.${detailText}${called}`);
  }

  async describeScene({ facts }: Parameters<TextProvider["describeScene"]>[0]) {
    const when = facts.timeOfDay ? `, ${facts.timeOfDay}` : "";
    const kind = facts.flashback ? " A flashback." : facts.dream ? " A dream." : "";
    const continuing = facts.continues ? " It follows straight on from the scene before." : "";
    const weather = facts.weather ? ` In ${facts.weather}.` : "";
    const mood = facts.mood ? ` The mood is ${facts.mood}.` : "";
    const opening = facts.opening ? ` It opens on: ${facts.opening}` : "";
    // No scene number: a description says what the scene is, and an inserted scene must not change the ones after it (their frames' reuse keys).
    return sentenceOf(`${capitalise(facts.setting)}${when}.${kind}${continuing}${weather}${mood}${opening}`);
  }

  async imagePrompt({ block, style, scene, characters, shot: framing }: Parameters<TextProvider["imagePrompt"]>[0]) {
    const fragment = VISUAL_STYLES.find((s) => s.id === style)?.promptFragment ?? "";
    const setting = scene ? `${scene.heading}${scene.description ? ` — ${scene.description}` : ""}` : "";
    const cast = characters.map((c) => (c.description ? `${c.name}: ${c.description}` : c.name)).join("; ");
    const shot = framing ? shotWords(framing) : shotFor(block);
    return [
      shot,
      setting && `Setting: ${setting}`,
      cast && `Characters: ${cast}`,
      `Moment: ${sentenceOf(block.text, 240)}`,
      `Style: ${fragment}`,
    ]
      .filter(Boolean)
      .join(". ");
  }
}

function shotFor(block: Block) {
  switch (block.type) {
    case "scene_heading":
      return "Wide establishing shot";
    case "dialogue":
    case "parenthetical":
      return `Medium close-up of ${block.character ?? "the speaker"} speaking`;
    case "transition":
      return "Transitional wide shot";
    case "shot":
      return `Shot: ${block.text}`;
    default:
      return "Medium shot";
  }
}
