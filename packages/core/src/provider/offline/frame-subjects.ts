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
import { type Pose, posesOf, type Prop, propsOf } from "./frame-poses";
import { settingOf } from "./frame-settings";
import { TITLE_CARD, titleCardLines } from "./frame-title-card";
import { type ViewMask, viewMaskOf } from "./frame-view-mask";
import { animalInDescription, animalShapeOf } from "../../screenplay/animals";
import { type ObjectKind, readPrompt, type Weather } from "./prompt-reading";

export interface FrameReading {
  layout: FrameLayout;
  subjects: Subject[];
  objects: ObjectKind[];
  weather?: Weather;
  wind: boolean;
  props: Prop[];
  /** A point of view seen through a scope, binoculars or a keyhole (frame-view-mask.ts). */
  mask?: ViewMask;
}

/**
 * A frame's drawing plan: what the offline frame draws for a request, in words
 * (docs/decisions.md#offline-frames-follow-the-story). Tests read it; the frame is drawn from the same reading.
 */
export interface DrawingPlan {
  place: string;
  /** The place was found in the settings library, not its closest kind. */
  placeKnown: boolean;
  interior: boolean;
  elements: string[];
  light: string;
  weather: string[];
  /** Everyone drawn, with their pose: people and animals. */
  figures: { name: string; kind: "person" | "animal"; species?: string; pose: Pose }[];
  props: Prop[];
  /** What a point of view is seen through, drawn as a mask over the place. */
  seenThrough?: ViewMask;
  /** A title card's lines (a centred block): drawn alone on a plate, with no place, figures or props. */
  titleCard?: string[];
}

export function drawingPlan(input: ImageRequest, reading: FrameReading = readFrame(input)): DrawingPlan {
  if (input.blockType === TITLE_CARD)
    return { place: "", placeKnown: false, interior: false, elements: [], light: "", weather: [], figures: [], props: [], titleCard: titleCardLines(input.text) };
  const { layout } = reading;
  return {
    place: layout.setting.place,
    placeKnown: layout.setting.matched,
    interior: layout.interior,
    elements: layout.interior && layout.setting.shell !== "room" ? [layout.setting.shell, ...layout.setting.elements] : [...layout.setting.elements],
    light: layout.light,
    weather: [...(reading.weather ? [reading.weather] : []), ...(reading.wind && reading.weather !== "wind" ? ["wind"] : [])],
    figures: reading.subjects.map((s) => ({
      name: s.name ?? s.species ?? "",
      kind: s.kind,
      ...(s.species ? { species: s.species } : {}),
      pose: s.pose ?? "stand",
    })),
    props: reading.props,
    ...(reading.mask ? { seenThrough: reading.mask } : {}),
  };
}

const section = (prompt: string, label: string) =>
  prompt.match(new RegExp(`(?:^|\\.\\s+)${label}:\\s*([\\s\\S]*?)(?=\\.\\s+(?:Setting|Characters|Moment|Style):|$)`))?.[1] ?? "";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const names = (text: string, name: string) => new RegExp(`(^|[^\\p{L}])${escape(name)}($|[^\\p{L}])`, "iu").test(text);

/** An animal character: its name says so ("DOG"), or its description does ("REX: A scruffy terrier"; screenplay/animals.ts). */
function subjectOf(c: { name: string; gender: CharacterGender; castIndex?: number }, cast: string): Subject {
  const fromName = c.name
    .split(/\s+/)
    .map((w) => w.toLowerCase())
    .find((w) => animalShapeOf(w));
  // The description, up to the next character's entry: "BISCUIT: Biscuit, a scruffy dog; TOM: …".
  const description = cast.match(new RegExp(`(?:^|;\\s*)${escape(c.name)}:\\s*([^;]*)`, "i"))?.[1] ?? "";
  const found = fromName ? { species: fromName, shape: animalShapeOf(fromName)! } : animalInDescription(c.name, description);
  return found
    ? { name: c.name, gender: c.gender, kind: "animal", shape: found.shape, species: found.species, castIndex: c.castIndex }
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
  // A free prompt that names a place the library knows ("a terrier on a pier") is drawn there.
  const named = settingOf(prompt, sectioned ? base.interior : interior);
  const layout: FrameLayout = {
    ...base,
    light: read.light ?? base.light,
    interior: sectioned ? base.interior : interior,
    exterior: sectioned ? base.exterior : (read.exterior ?? base.exterior),
    room: sectioned ? base.room : (read.room ?? base.room),
    setting: !sectioned && named.matched ? named : base.setting,
  };
  const moment = sectioned ? section(prompt, "Moment") : prompt;

  const inPrompt = input.characters.filter((c) => names(prompt, c.name));
  // A free prompt that names nobody but does name someone or something ("a terrier on a bench") shows just that.
  const people =
    sectioned || inPrompt.length || (!read.animals.length && !read.unnamedPerson)
      ? sectioned
        ? input.characters
        : inPrompt.length
          ? inPrompt
          : input.characters
      : [];
  // What each one does, from the moment's words (a dialogue line shows its speaker standing, unless it says more).
  const poses = posesOf(moment, people.map((c) => c.name));
  const subjects: Subject[] = people.map((c) => ({ ...subjectOf(c, cast), pose: poses.get(c.name) }));
  // Who and what else is there comes from the moment alone (the Setting's "It opens on …" would put its first
  // action's beer and stranger in every frame of the scene), and never from words spoken: "Does a bear crap in
  // the woods?" draws no bear.
  const things = sectioned ? readPrompt(moment) : read;
  const spoken = input.blockType === "dialogue";
  const drawnSpecies = new Set(subjects.map((s) => s.species));
  for (const a of spoken ? [] : things.animals)
    if (!drawnSpecies.has(a.species)) subjects.push({ gender: "neutral", kind: "animal", shape: a.shape, species: a.species });
  if (!subjects.length && !spoken && things.unnamedPerson) subjects.push({ name: "", gender: "neutral", kind: "person" });
  // The weather of the scene (its description is in the Setting) or of the moment; the props the moment names.
  // The place itself is not drawn again as an object: no car parked inside the car, no boat on the ship's deck.
  const objects = things.objects.filter((o) => !(o === "car" && layout.setting.shell === "car") && !(o === "boat" && layout.setting.place === "ship"));
  const mask = viewMaskOf(placeText);
  return { layout, subjects, objects: objects.slice(0, 3), weather: read.weather, wind: read.wind, props: propsOf(moment), ...(mask ? { mask } : {}) };
}
