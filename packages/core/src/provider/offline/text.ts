import { VISUAL_STYLES } from "../../catalog/styles";
import type { Block } from "../../screenplay/types";
import type { TextProvider } from "../text";

const MAX_DESCRIPTION = 320;

const sentenceOf = (text: string, max = MAX_DESCRIPTION) => {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const stop = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
  return (stop > 80 ? cut.slice(0, stop + 1) : `${cut.replace(/\s+\S*$/, "")}…`).trim();
};

const mentions = (text: string, name: string) => new RegExp(`(^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "iu").test(text);

/**
 * Deterministic, offline descriptions: a character is described by the action
 * line that introduces them (screenwriters write their casting notes there),
 * a scene by its heading and first action line.
 */
export class OfflineTextProvider implements TextProvider {
  async describeCharacter({ name, character, blocks }: Parameters<TextProvider["describeCharacter"]>[0]) {
    const intro = blocks.find((b) => b.type === "action" && mentions(b.text, name));
    const pronoun = character.pronouns.subject;
    const who = pronoun === "she" ? "A woman" : pronoun === "he" ? "A man" : "A person";
    if (intro) return sentenceOf(`${who} first seen here: ${intro.text}`);
    const line = blocks.find((b) => b.type === "dialogue" && b.character === name);
    return line ? sentenceOf(`${who} who says: "${line.text}"`) : `${who} in the story, ${name.toLowerCase()}.`;
  }

  async describeScene({ scene, blocks }: Parameters<TextProvider["describeScene"]>[0]) {
    const place = scene.interior === "EXT" ? "Outside" : scene.interior === "INT" ? "Inside" : "At";
    const when = scene.timeOfDay ? `, ${scene.timeOfDay.toLowerCase()}` : "";
    const firstAction = blocks.find((b) => b.type === "action");
    const base = `${place} ${scene.location.toLowerCase() || scene.heading.toLowerCase()}${when}.`;
    return sentenceOf(firstAction ? `${base} ${firstAction.text}` : base);
  }

  async imagePrompt({ block, style, scene, characters }: Parameters<TextProvider["imagePrompt"]>[0]) {
    const fragment = VISUAL_STYLES.find((s) => s.id === style)?.promptFragment ?? "";
    const setting = scene ? `${scene.heading}${scene.description ? ` — ${scene.description}` : ""}` : "";
    const cast = characters.map((c) => (c.description ? `${c.name}: ${c.description}` : c.name)).join("; ");
    const shot = shotFor(block);
    return [shot, setting && `Setting: ${setting}`, cast && `Characters: ${cast}`, `Moment: ${sentenceOf(block.text, 240)}`, `Style: ${fragment}`]
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
