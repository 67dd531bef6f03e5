/**
 * Reads an image request into what the frame shows (docs/product.md#renders,
 * offline frames): the layout (setting, time of day), who is present (people
 * and animals), key objects and weather. The pipeline's own prompts come in
 * sections ("Setting: … Characters: … Moment: … Style: …"); an on-demand
 * prompt is free text, and whatever it names takes precedence over the block.
 */
import type { CharacterGender, ImageRequest } from "../types";
import type { Subject } from "./frame-figures";
import { type FrameLayout, layoutOf } from "./frame-palette";
import { animalShapeOf, type ObjectKind, readPrompt, type Weather } from "./prompt-reading";

export interface FrameReading {
  layout: FrameLayout;
  subjects: Subject[];
  objects: ObjectKind[];
  weather?: Weather;
}

const section = (prompt: string, label: string) =>
  prompt.match(new RegExp(`(?:^|\\.\\s+)${label}:\\s*([\\s\\S]*?)(?=\\.\\s+(?:Setting|Characters|Moment|Style):|$)`))?.[1] ?? "";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const names = (text: string, name: string) => new RegExp(`(^|[^\\p{L}])${escape(name)}($|[^\\p{L}])`, "iu").test(text);

/** An animal character: its name says so ("DOG"), or its description starts so ("REX: A scruffy terrier"). */
function subjectOf(c: { name: string; gender: CharacterGender; castIndex?: number }, cast: string): Subject {
  const fromName = c.name
    .split(/\s+/)
    .map((w) => [w, animalShapeOf(w)] as const)
    .find(([, shape]) => shape);
  const head = cast.match(new RegExp(`${escape(c.name)}:\\s*((?:\\S+\\s+){0,4})`, "i"))?.[1] ?? "";
  const fromDescription = head
    .split(/\s+/)
    .map((w) => [w, animalShapeOf(w.replace(/[^\p{L}]/gu, ""))] as const)
    .find(([, shape]) => shape);
  const found = fromName ?? fromDescription;
  return found
    ? { name: c.name, gender: c.gender, kind: "animal", shape: found[1], species: found[0].toLowerCase(), castIndex: c.castIndex }
    : { ...c, kind: "person" };
}

export function readFrame(input: ImageRequest): FrameReading {
  const prompt = input.prompt.replace(/(^|\.\s+)Style:[\s\S]*$/, "");
  const sectioned = /(^|\.\s+)Moment:/.test(prompt);
  // The pipeline's prompt: the place from its Setting and Moment, the characters' kinds from its cast list.
  const placeText = sectioned ? `${section(prompt, "Setting")} ${section(prompt, "Moment")}` : prompt;
  const cast = sectioned ? section(prompt, "Characters") : "";
  const read = readPrompt(placeText);
  const base = layoutOf(input);
  const interior = read.room && !read.exterior ? true : read.exterior && !read.room ? false : base.interior;
  const layout: FrameLayout = {
    ...base,
    light: read.light ?? base.light,
    interior: sectioned ? base.interior : interior,
    exterior: sectioned ? base.exterior : (read.exterior ?? base.exterior),
    room: sectioned ? base.room : (read.room ?? base.room),
  };

  const named = input.characters.filter((c) => names(prompt, c.name));
  // A free prompt that names nobody but does name someone or something ("a terrier on a bench") shows just that.
  const people =
    sectioned || named.length || (!read.animals.length && !read.unnamedPerson)
      ? sectioned
        ? input.characters
        : named.length
          ? named
          : input.characters
      : [];
  const subjects = people.map((c) => subjectOf(c, cast));
  const drawnSpecies = new Set(subjects.map((s) => s.species));
  for (const a of read.animals)
    if (!drawnSpecies.has(a.species)) subjects.push({ gender: "neutral", kind: "animal", shape: a.shape, species: a.species });
  if (!subjects.length && read.unnamedPerson) subjects.push({ name: "", gender: "neutral", kind: "person" });
  return { layout, subjects, objects: read.objects.slice(0, 3), weather: read.weather };
}
