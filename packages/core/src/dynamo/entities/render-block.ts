import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/** One block of a render (the spec's Block): its prompt, images, audio and duration. */
export const RenderBlock = new Entity({
  model: { entity: "renderBlock", version: "1", service: "storyboard" },
  attributes: {
    renderJobId: { type: "string", required: true },
    blockId: { type: "string", required: true },
    position: { type: "number", required: true },
    type: { type: "string", required: true },
    text: { type: "string", required: true },
    character: { type: "string" },
    /** How a line is said: the parentheticals before it in its speech and the cue's extension (SpeechRequest delivery). */
    delivery: { type: "list", items: { type: "string" } },
    sceneId: { type: "string" },
    /** A centred action block (a title card): its frame is its words, not a place (screenplay Block.centred). */
    centred: { type: "boolean" },
    imagePrompt: { type: "string" },
    /** Who the frame shows, read with the whole script in view (render/characters-in-block.ts presentInBlocks). */
    present: { type: "list", items: { type: "string" } },
    /** Candidate images, the chosen one first. */
    imageUrl: { type: "list", items: { type: "string" }, default: () => [] },
    audioUrl: { type: "string" },
    duration: { type: "number" },
    voiceId: { type: "string" },
    /** New or changed since the earlier render this one reuses from: the review steps show it first. */
    changed: { type: "boolean" },
    /** Size, angle, movement and number (board/shots.ts); kept once set, so the writer's choice survives re-renders. */
    shot: {
      type: "map",
      properties: {
        size: { type: "string", required: true },
        angle: { type: "string", required: true },
        movement: { type: "string", required: true },
        number: { type: "string", required: true },
      },
    },
    ...timestamps,
  },
  indexes: {
    byRender: {
      pk: { field: "pk", composite: ["renderJobId"] },
      sk: { field: "sk", composite: ["blockId"] },
    },
  },
});
