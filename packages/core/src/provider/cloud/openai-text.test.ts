import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStyle } from "../../catalog/styles";
import type { Block, CharacterEntry } from "../../screenplay/types";
import { MODEL_DEFAULTS } from "./models";
import { OpenAiTextProvider } from "./openai-text";
import { chatCompletion, startStandIn, type RecordedRequest, type StandIn } from "./stand-in";
import { characterFacts, sceneFacts } from "../../render/story-facts";

const KEY = "sk-test-text-0123456789";
let standIn: StandIn;
let text: OpenAiTextProvider;

const blocks: Block[] = [
  { id: "b0001", type: "scene_heading", text: "INT. HARBOUR OFFICE - NIGHT" },
  { id: "b0002", type: "action", text: "MARA VOSS, 40s, salt-grey braid, oilskin coat, counts banknotes under a green lamp." },
  { id: "b0003", type: "dialogue", text: "The tide waits for no one. Neither do I.", character: "MARA VOSS" },
  { id: "b0004", type: "action", text: "Rain rattles the window. A ship's horn sounds far off." },
  { id: "b0005", type: "dialogue", text: "Then we go tonight.", character: "TEODOR" },
];
const mara: CharacterEntry = {
  pronouns: { subject: "she", object: "her", possessive: "her" },
  gender: "female",
  description: "",
  isSpeaker: true,
};

interface ChatBody {
  model: string;
  temperature: number;
  max_completion_tokens: number;
  response_format: { type: string; json_schema: { strict: boolean; schema: { required: string[] } } };
  messages: { role: string; content: string }[];
}
const bodyOf = (request: RecordedRequest) => request.json<ChatBody>();
const userMessage = (request: RecordedRequest) => bodyOf(request).messages.find((m) => m.role === "user")!.content;

beforeAll(async () => {
  standIn = await startStandIn();
  text = new OpenAiTextProvider({ apiKey: KEY, baseUrl: `${standIn.origin}/v1` }, { retryBaseMs: 5 });
});
afterAll(() => standIn.close());

describe("OpenAiTextProvider", () => {
  it("describes a character from the lines that show them, with a low reasoning effort and JSON output", async () => {
    standIn.answer(() => ({
      json: chatCompletion(
        JSON.stringify({ text: "A weathered woman in her forties with a long salt-grey braid and a heavy oilskin coat." }),
      ),
    }));
    const description = await text.describeCharacter({
      name: "MARA VOSS",
      character: mara,
      blocks,
      facts: characterFacts("MARA VOSS", mara, blocks),
    });
    expect(description).toBe("A weathered woman in her forties with a long salt-grey braid and a heavy oilskin coat.");

    const [request] = standIn.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = bodyOf(request);
    expect(body.model).toBe(MODEL_DEFAULTS.OPENAI_TEXT_MODEL);
    // The default is a reasoning model: no temperature (it refuses one), a low effort and room beyond the reasoning.
    expect(body).not.toHaveProperty("temperature");
    expect(body).toMatchObject({ reasoning_effort: "low" });
    expect(body.max_completion_tokens).toBeGreaterThan(1000);
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.required).toEqual(["text"]);
    const message = userMessage(request);
    expect(message).toContain("MARA VOSS (she/her)");
    // The same facts the offline writer uses are the model's brief.
    expect(message).toContain('"kind":"person"');
    expect(message).toContain('"gender":"female"');
    expect(message).toContain("salt-grey braid, oilskin coat");
    expect(message).toContain("The tide waits for no one.");
    // Other characters' lines are not sent as this character's.
    expect(message).not.toContain("Then we go tonight.");
  });

  it("describes a scene from its heading and action lines", async () => {
    standIn.answer(() => ({
      json: chatCompletion(JSON.stringify({ text: "A cramped harbour office at night, rain on the glass, a green desk lamp." })),
    }));
    const scene = { heading: "INT. HARBOUR OFFICE - NIGHT", interior: "INT", location: "HARBOUR OFFICE", timeOfDay: "NIGHT" } as const;
    const description = await text.describeScene({ scene, blocks: blocks.slice(1), facts: sceneFacts(1, scene, blocks.slice(1)) });
    expect(description).toBe("A cramped harbour office at night, rain on the glass, a green desk lamp.");
    const message = userMessage(standIn.requests[0]);
    expect(message).toContain("Scene heading: INT. HARBOUR OFFICE - NIGHT");
    expect(message).toContain('"setting":"Interior, Harbour Office"');
    expect(message).toContain('"timeOfDay":"night"');
    expect(message).toContain('"weather":"rain"');
    expect(message).toContain("Rain rattles the window.");
  });

  it("writes an image prompt that ends with the style's fragment, once", async () => {
    standIn.answer(() => ({
      json: chatCompletion(JSON.stringify({ text: "Medium shot of Mara counting banknotes under a green lamp, rain on the window." })),
    }));
    const noir = getStyle("noir").promptFragment;
    const prompt = await text.imagePrompt({
      block: blocks[1],
      style: "noir",
      scene: {
        heading: "INT. HARBOUR OFFICE - NIGHT",
        interior: "INT",
        location: "HARBOUR OFFICE",
        timeOfDay: "NIGHT",
        description: "A cramped office.",
      },
      characters: [{ name: "MARA VOSS", description: "A weathered woman with a grey braid." }],
    });
    // Each character's description is carried word for word, so every shot draws Mara alike.
    expect(prompt).toBe(
      `Medium shot of Mara counting banknotes under a green lamp, rain on the window. Characters: MARA VOSS: A weathered woman with a grey braid. Style: ${noir}`,
    );
    expect(prompt.split(noir)).toHaveLength(2);
    const message = userMessage(standIn.requests[0]);
    expect(message).toContain("MARA VOSS: A weathered woman with a grey braid.");
    expect(message).toContain("counts banknotes under a green lamp");
    expect(message).toContain("Scene: INT. HARBOUR OFFICE - NIGHT. A cramped office.");
  });

  it("says a point of view seen through a scope as what the frame looks like", async () => {
    standIn.answer(() => ({ json: chatCompletion(JSON.stringify({ text: "Sniper scope view of the pool deck, Steel on a lounger." })) }));
    const prompt = await text.imagePrompt({
      block: { id: "b0031", type: "shot", text: "SNIPER SCOPE POV" },
      style: "cinematic",
      characters: [],
      shot: { size: "wide", angle: "pov", movement: "static" },
    });
    expect(prompt).toMatch(
      /^Wide shot, .*point-of-view shot .*, seen through a rifle scope: one round view with thin cross-hairs, solid black around it\. Sniper scope view/,
    );
  });

  it("keeps a long answer concise", async () => {
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} describes the frame in more detail.`).join(" ");
    standIn.answer(() => ({ json: chatCompletion(JSON.stringify({ text: long })) }));
    const prompt = await text.imagePrompt({ block: blocks[3], style: "cinematic", characters: [] });
    const [written] = prompt.split(" Style: ");
    expect(written.length).toBeLessThanOrEqual(1200);
    expect(written).toMatch(/detail\.$/);
  });

  it("falls back to the offline writer when the model refuses", async () => {
    standIn.answer(() => ({ json: chatCompletion(null, { refusal: "I'm sorry, I can't help with that." }) }));
    const prompt = await text.imagePrompt({ block: blocks[3], style: "comic", characters: [] });
    expect(prompt).toContain("Rain rattles the window.");
    expect(prompt).toContain(getStyle("comic").promptFragment);
  });

  it("fails clearly when the answer is not the JSON asked for", async () => {
    standIn.answer(() => ({ json: chatCompletion("Sure! Here is a description.") }));
    await expect(
      text.describeCharacter({ name: "MARA VOSS", character: mara, blocks, facts: characterFacts("MARA VOSS", mara, blocks) }),
    ).rejects.toThrow("OpenAI character description failed: the answer had no text");
  });
});
