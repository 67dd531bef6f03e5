/**
 * Descriptions and image prompts written by an OpenAI chat model from the
 * screenplay's own lines. Answers are structured JSON (`{"text": ...}`), the
 * temperature is low so a re-run reads the same, and the style's prompt
 * fragment is appended by us, not left to the model.
 */
import { shotWords } from "../../board/prompt-words";
import { getStyle } from "../../catalog/styles";
import { logger } from "../../logger";
import type { Block } from "../../screenplay/types";
import { OfflineTextProvider } from "../offline/text";
import type { TextProvider } from "../text";
import { ProviderError, type ProviderClient } from "./http";
import { textModel, textModelParameters } from "./models";
import { viewMaskOf, type ViewMask } from "../offline/frame-view-mask";

/** What a point of view seen through something looks like, in words an image model follows ('SNIPER SCOPE POV'). */
const VIEW_WORDS: Record<ViewMask, string> = {
  scope: "seen through a rifle scope: one round view with thin cross-hairs, solid black around it",
  binoculars: "seen through binoculars: two overlapping round views side by side, solid black around them",
  keyhole: "seen through a keyhole: a keyhole-shaped opening, solid black around it",
};
import { openAiClient, type ClientTuning, type CloudSettings } from "./settings";

/** Room for the answer itself (a reasoning model gets more, models.ts). */
const MAX_ANSWER_TOKENS = 300;
/** Screenplay text sent as context per request: enough to describe, small enough to stay cheap. */
const MAX_CONTEXT_CHARS = 4000;
const MAX_LINE_CHARS = 400;
const MAX_DESCRIPTION_CHARS = 600;
/** Room left for the style fragment under the 2000-character limit of an edited prompt. */
const MAX_PROMPT_CHARS = 1200;

const SYSTEM_PROMPT = [
  "You write short visual text for a storyboard drawn from a screenplay.",
  "Use only what the screenplay states or clearly implies; never invent names, plot or dialogue.",
  "Write plain prose in English: no lists, no markdown, no quoted dialogue.",
  "Never ask for written text, captions, logos or watermarks in an image.",
  'Answer with JSON: {"text": "..."}.',
].join(" ");

const RESPONSE_FORMAT = {
  type: "json_schema",
  json_schema: {
    name: "storyboard_text",
    strict: true,
    schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"], additionalProperties: false },
  },
} as const;

interface ChatCompletion {
  choices?: { finish_reason?: string; message?: { content?: string | null; refusal?: string | null } }[];
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Cuts at a sentence end (or a word) at most `max` characters in. */
function clip(text: string, max: number): string {
  const clean = oneLine(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const stop = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
  return stop > max / 3 ? cut.slice(0, stop + 1) : `${cut.replace(/(?<!\s)\s+\S*$/, "")}…`;
}

/** Block lines as context, in order, up to the budget. */
function contextLines(blocks: readonly Block[], budget = MAX_CONTEXT_CHARS): string {
  const lines: string[] = [];
  let used = 0;
  for (const block of blocks) {
    const who = block.character ? ` ${block.character}` : "";
    const line = `- [${block.type}${who}] ${clip(block.text, MAX_LINE_CHARS)}`;
    if (used + line.length > budget) break;
    lines.push(line);
    used += line.length + 1;
  }
  return lines.join("\n");
}

const mentions = (text: string, name: string) =>
  new RegExp(`(^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "iu").test(text);

/** Thrown when the model declines; the offline writer steps in. */
class Refusal extends Error {}

export class OpenAiTextProvider implements TextProvider {
  private readonly client: ProviderClient;
  private readonly fallback = new OfflineTextProvider();

  constructor(settings: CloudSettings, tuning: ClientTuning = {}) {
    this.client = openAiClient(settings, tuning);
  }

  async describeCharacter(input: Parameters<TextProvider["describeCharacter"]>[0]): Promise<string> {
    const { name, character, blocks, facts } = input;
    const shown = blocks.filter((b) => (b.type === "action" || b.type === "general") && mentions(b.text, name)).slice(0, 8);
    const spoken = blocks.filter((b) => b.type === "dialogue" && b.character === name).slice(0, 6);
    const pronouns = `${character.pronouns.subject}/${character.pronouns.object}`;
    const request = [
      `Character: ${name} (${pronouns}).`,
      `What the screenplay says about them (keep to it): ${JSON.stringify(facts)}`,
      shown.length ? `Where the screenplay shows them:\n${contextLines(shown, MAX_CONTEXT_CHARS / 2)}` : "",
      spoken.length ? `What they say:\n${contextLines(spoken, MAX_CONTEXT_CHARS / 2)}` : "",
      `Describe how ${name} looks, for an illustrator, in one or two sentences (at most 50 words), starting with what they are`,
      `(${facts.kind === "person" ? "a person" : `${facts.kind === "animal" ? "an animal" : "a thing"}: ${facts.species ?? facts.kind}`}):`,
      "apparent age, build, hair, clothing and manner. Where the screenplay says nothing, keep it plain and ordinary.",
    ];
    return (await this.write("character description", request, MAX_DESCRIPTION_CHARS)) ?? this.fallback.describeCharacter(input);
  }

  async describeScene(input: Parameters<TextProvider["describeScene"]>[0]): Promise<string> {
    const { scene, blocks, facts } = input;
    const action = blocks.filter((b) => b.type === "action" || b.type === "general" || b.type === "shot");
    const request = [
      `Scene heading: ${scene.heading}`,
      `What the screenplay says about it (keep to it): ${JSON.stringify(facts)}`,
      action.length ? `Action lines of the scene:\n${contextLines(action)}` : "",
      "Describe what this place looks like, for an illustrator, in one or two sentences (at most 50 words):",
      "the setting, light and time of day, weather, mood and notable objects. Describe the place, not what the characters do.",
    ];
    return (await this.write("scene description", request, MAX_DESCRIPTION_CHARS)) ?? this.fallback.describeScene(input);
  }

  async imagePrompt(input: Parameters<TextProvider["imagePrompt"]>[0]): Promise<string> {
    const { block, style, scene, characters, shot } = input;
    const fragment = getStyle(style).promptFragment;
    const cast = characters.map((c) => (c.description ? `${c.name}: ${clip(c.description, MAX_LINE_CHARS)}` : c.name));
    const request = [
      scene ? `Scene: ${scene.heading}${scene.description ? `. ${clip(scene.description, MAX_LINE_CHARS)}` : ""}` : "",
      cast.length ? `Characters in the frame:\n${cast.map((c) => `- ${c}`).join("\n")}` : "",
      `The moment (${block.type}${block.character ? `, spoken by ${block.character}` : ""}): ${clip(block.text, 1000)}`,
      shot ? `The shot, decided by the storyboard (keep it): ${shotWords(shot)}.` : "",
      "Write one prompt for a text-to-image model that draws this moment as a single widescreen storyboard frame,",
      "in at most 60 words: the shot (wide, medium, close-up), who is in it and how they look, what happens, the setting and the light.",
      "Leave out the visual style; it is added separately.",
    ];
    const text = await this.write("image prompt", request, MAX_PROMPT_CHARS);
    // Declined: the offline prompt (which carries the style too) stands in.
    if (text === undefined) return this.fallback.imagePrompt(input);
    // The same words for each character in every shot, so the image model draws them alike (docs/product.md#renders).
    const withoutStop = (t: string) => (t.trimEnd().endsWith(".") ? t.trimEnd().slice(0, -1) : t.trimEnd());
    const looks = characters.filter((c) => c.description).map((c) => `${c.name}: ${withoutStop(clip(c.description, MAX_LINE_CHARS / 2))}`);
    const sameLooks = looks.length ? ` Characters: ${looks.join("; ").slice(0, MAX_DESCRIPTION_CHARS)}.` : "";
    // The shot's own words lead, so the image model frames it as the board says whatever the model wrote.
    // A heading such as 'SNIPER SCOPE POV' is a way of seeing, not words to draw: said as what the frame looks like.
    const seenThrough = viewMaskOf(`${scene?.heading ?? ""} ${block.text}`);
    const framing = [shot ? shotWords(shot) : "", seenThrough ? VIEW_WORDS[seenThrough] : ""].filter(Boolean).join(", ");
    return `${framing ? `${framing}. ` : ""}${text.replace(/(?<![.\s])[.\s]+$/, "")}.${sameLooks} Style: ${fragment}`;
  }

  /** The model's text, clipped to `max`; undefined when the model declined (the caller falls back to the offline writer). */
  private async write(operation: string, lines: string[], max: number): Promise<string | undefined> {
    const model = textModel();
    const completion = await this.client.json<ChatCompletion>({
      operation,
      method: "POST",
      path: "/chat/completions",
      json: {
        model,
        ...textModelParameters(model, MAX_ANSWER_TOKENS),
        response_format: RESPONSE_FORMAT,
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: lines.filter(Boolean).join("\n\n") },
        ],
      },
    });
    try {
      return clip(this.textOf(completion, operation), max);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      logger.warn("OpenAI declined a text request; using the offline writer", { operation, reason: error.message });
      return undefined;
    }
  }

  private textOf(completion: ChatCompletion, operation: string): string {
    const choice = completion.choices?.[0];
    if (choice?.message?.refusal) throw new Refusal(choice.message.refusal);
    if (choice?.finish_reason === "content_filter") throw new Refusal("content filter");
    let text: unknown;
    try {
      text = (JSON.parse(choice?.message?.content ?? "") as { text?: unknown }).text;
    } catch {
      text = undefined;
    }
    if (typeof text !== "string" || !oneLine(text)) {
      throw new ProviderError(
        `OpenAI ${operation} failed: the answer had no text (finish reason ${choice?.finish_reason ?? "none"})`,
        "OpenAI",
        200,
        undefined,
        "bad_answer",
      );
    }
    return text;
  }
}
