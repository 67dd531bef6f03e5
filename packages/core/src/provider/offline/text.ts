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
  const adjective = age.replace(/ years old$/, "-year-old");
  return `${/^(8|11|18)\b/.test(adjective) ? "An" : article(adjective)} ${adjective} ${noun}`;
}

/**
 * Deterministic, offline descriptions written from the facts the script gives
 * (render/story-facts.ts): what the character is (person, animal, thing), their
 * apparent age and gender, role, what they are shown doing and how they speak;
 * a scene's setting, time of day, weather and mood, and its opening image.
 */
export class OfflineTextProvider implements TextProvider {
  async describeCharacter({ facts }: Parameters<TextProvider["describeCharacter"]>[0]) {
    const head = `${characterHead(facts)}${facts.role ? `, ${facts.role}` : ""}`;
    const called = facts.calledBy.length ? ` Called ${facts.calledBy.map((c) => `"${c}"`).join(" or ")} by others.` : "";
    const shown = facts.shown.length ? ` Seen: ${facts.shown.slice(0, 2).join(" Later: ")}` : "";
    const delivery = facts.delivery.length ? ` Speaks ${facts.delivery.join(", ")}.` : "";
    return sentenceOf(`${head}.${called}${shown}${delivery}`);
  }

  async describeScene({ facts }: Parameters<TextProvider["describeScene"]>[0]) {
    const when = facts.timeOfDay ? `, ${facts.timeOfDay}` : "";
    const weather = facts.weather ? ` In ${facts.weather}.` : "";
    const mood = facts.mood ? ` The mood is ${facts.mood}.` : "";
    const opening = facts.opening ? ` It opens on: ${facts.opening}` : "";
    return sentenceOf(`Scene ${facts.number}. ${capitalise(facts.setting)}${when}.${weather}${mood}${opening}`);
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
