import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CreateChatCompletionRequest,
  CreateImageEditRequest,
  CreateImageRequest,
  CreateModerationRequest,
  multipartFields,
  TextToSpeechBody,
  TextToSpeechOutputFormat,
} from "./fixtures/request-schemas";
import { ElevenLabsSpeechProvider } from "./elevenlabs-speech";
import { OpenAiImageProvider } from "./openai-image";
import { OpenAiModerationProvider } from "./openai-moderation";
import { OpenAiTextProvider } from "./openai-text";
import { chatCompletion, moderationResult, startStandIn, type StandIn } from "./stand-in";

let standIn: StandIn;
let png: string;
const settings = () => ({ apiKey: "sk-proj-schemas-0123456789", baseUrl: `${standIn.origin}/v1` });

beforeAll(async () => {
  standIn = await startStandIn();
  png = (await sharp({ create: { width: 1536, height: 864, channels: 3, background: "#224466" } }).png().toBuffer()).toString("base64");
});
afterAll(() => standIn.close());

describe("every request the adapters send fits the API definitions", () => {
  it("images, chat completions and moderation (OpenAI) and speech (ElevenLabs)", async () => {
    standIn.answer((r) => {
      if (/\/images\/(generations|edits)$/.test(r.path)) return { json: { created: 1, data: [{ b64_json: png }] } };
      if (r.path.endsWith("/chat/completions")) return { json: chatCompletion(JSON.stringify({ text: "A tired guard by a bank of monitors." })) };
      if (r.path.endsWith("/moderations")) return { json: { id: "modr-1", model: "omni-moderation-latest", results: r.json<{ input: string[] }>().input.map(() => moderationResult()) } };
      return { body: Buffer.alloc(4410), headers: { "content-type": "audio/pcm" } };
    });
    await new OpenAiImageProvider(settings()).generate({ prompt: "A guard at a desk", style: "noir", characters: [], blockType: "action", text: "x", seed: "s" });
    // A shot of characters with reference images is drawn through the edits endpoint, one `image[]` file each.
    const reference = new Uint8Array(await sharp({ create: { width: 64, height: 96, channels: 3, background: "#aa3322" } }).jpeg().toBuffer());
    await new OpenAiImageProvider(settings()).generate({
      prompt: "Mara hands Jon the keys",
      style: "noir",
      characters: [{ name: "MARA", gender: "female", castIndex: 0 }, { name: "JON", gender: "male", castIndex: 1 }],
      references: [{ name: "MARA", bytes: reference, contentType: "image/jpeg" }, { name: "JON", bytes: reference, contentType: "image/jpeg" }],
      blockType: "action",
      text: "x",
      seed: "s",
    });
    const text = new OpenAiTextProvider(settings());
    await text.describeScene({ scene: { heading: "INT. OFFICE - NIGHT" }, blocks: [{ id: "b1", type: "action", text: "Monitors hum." }], facts: {} } as never);
    await new OpenAiModerationProvider(settings()).moderate([{ text: "INT. OFFICE - NIGHT" }, { text: "The guard dozes." }]);
    await new ElevenLabsSpeechProvider(settings(), {}, async (id) => id).synthesize({ text: "Quiet night.", voiceId: "george" });

    const edit = standIn.requests.find((r) => r.path.endsWith("/images/edits"))!;
    const editFields = await multipartFields(edit.body, String(edit.headers["content-type"]));
    expect((editFields["image[]"] as File[]).map((f) => f.name)).toEqual(["mara.jpg", "jon.jpg"]);
    const checked = standIn.requests.map((r) => {
      if (r === edit) return CreateImageEditRequest.safeParse(editFields);
      if (r.path.endsWith("/images/generations")) return CreateImageRequest.safeParse(r.json());
      if (r.path.endsWith("/chat/completions")) return CreateChatCompletionRequest.safeParse(r.json());
      if (r.path.endsWith("/moderations")) return CreateModerationRequest.safeParse(r.json());
      expect(TextToSpeechOutputFormat.safeParse(r.query.get("output_format")).success).toBe(true);
      return TextToSpeechBody.safeParse(r.json());
    });
    expect(checked).toHaveLength(5);
    // And each canned answer was held to the definition's response schema (answer-check.ts; close() fails on a misfit).
    expect(standIn.requests.map((r) => r.answerSchema)).toEqual([
      "OpenAI ImagesResponse",
      "OpenAI ImagesResponse",
      "OpenAI CreateChatCompletionResponse",
      "OpenAI CreateModerationResponse",
      "ElevenLabs text-to-speech audio",
    ]);
    for (const result of checked) expect(result.error?.issues ?? []).toEqual([]);
  });
});
