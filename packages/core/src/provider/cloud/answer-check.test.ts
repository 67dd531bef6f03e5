import { describe, expect, it } from "vitest";
import { checkAnswer, type CheckedAnswer, type CheckedRequest } from "./answer-check";
import { elevenLabsModels, elevenLabsSubscription, openAiError, openAiModelList } from "./fixtures/account-answers";
import { chatCompletion, moderationResult, startStandIn } from "./stand-in";

const openAi = (method: string, path: string): CheckedRequest => ({ method, path, headers: { authorization: "Bearer sk-proj-check" } });
const elevenLabs = (method: string, path: string): CheckedRequest => ({ method, path, headers: { "xi-api-key": "sk_check" } });
const image = { created: 1764115200, data: [{ b64_json: "iVBORw0KGgo=" }], output_format: "png", quality: "medium" };
const voice = {
  voice_id: "JBFqnCBsd6RMkjVDRZzb",
  name: "George",
  category: "premade",
  labels: { gender: "male", accent: "british" },
  available_for_tiers: [],
  high_quality_base_model_ids: ["eleven_multilingual_v2"],
  fine_tuning: { is_allowed_to_fine_tune: true, state: {}, verification_failures: [], verification_attempts_count: 0, manual_verification_requested: false },
  preview_url: null,
};

/** Each case: who asks what, the answer, the schema it is checked against, and whether it fits. */
const cases: { name: string; request: CheckedRequest; answer: CheckedAnswer; schema?: string; fits: boolean }[] = [
  { name: "an image", request: openAi("POST", "/v1/images/generations"), answer: { json: image }, schema: "OpenAI ImagesResponse", fits: true },
  { name: "an edited image without its time", request: openAi("POST", "/v1/images/edits"), answer: { json: { data: image.data } }, schema: "OpenAI ImagesResponse", fits: false },
  { name: "an image of a size the definition does not list", request: openAi("POST", "/v1/images/generations"), answer: { json: { ...image, size: "1536x864" } }, schema: "OpenAI ImagesResponse", fits: false },
  { name: "a chat completion", request: openAi("POST", "/v1/chat/completions"), answer: { json: chatCompletion('{"text":"x"}') }, schema: "OpenAI CreateChatCompletionResponse", fits: true },
  { name: "a refused chat completion", request: openAi("POST", "/v1/chat/completions"), answer: { json: chatCompletion(null, { refusal: "No." }) }, schema: "OpenAI CreateChatCompletionResponse", fits: true },
  { name: "a chat completion with an invented field", request: openAi("POST", "/v1/chat/completions"), answer: { json: { ...chatCompletion("x"), text: "x" } }, schema: "OpenAI CreateChatCompletionResponse", fits: false },
  { name: "a moderation", request: openAi("POST", "/v1/moderations"), answer: { json: { id: "modr-1", model: "omni-moderation-latest", results: [moderationResult(["violence"])] } }, schema: "OpenAI CreateModerationResponse", fits: true },
  { name: "a moderation without its scores", request: openAi("POST", "/v1/moderations"), answer: { json: { id: "modr-1", model: "m", results: [{ flagged: false, categories: moderationResult().categories }] } }, schema: "OpenAI CreateModerationResponse", fits: false },
  { name: "the model list", request: openAi("GET", "/v1/models"), answer: { json: openAiModelList(["gpt-image-2"]) }, schema: "OpenAI ListModelsResponse", fits: true },
  { name: "an error", request: openAi("POST", "/v1/images/generations"), answer: { status: 400, json: openAiError("Rejected.", "content_policy_violation") }, schema: "OpenAI ErrorResponse", fits: true },
  { name: "an error without type and param", request: openAi("GET", "/v1/models"), answer: { status: 401, json: { error: { message: "Bad key", code: "invalid_api_key" } } }, schema: "OpenAI ErrorResponse", fits: false },
  { name: "a chat 429 with Retry-After 0", request: openAi("POST", "/v1/chat/completions"), answer: { status: 429, headers: { "Retry-After": "0" }, json: openAiError("Slow down.", "rate_limit_exceeded") }, schema: "OpenAI ErrorResponse", fits: false },
  { name: "a chat 429 with Retry-After 2", request: openAi("POST", "/v1/chat/completions"), answer: { status: 429, headers: { "retry-after": "2" }, json: openAiError("Slow down.", "rate_limit_exceeded") }, schema: "OpenAI ErrorResponse", fits: true },
  { name: "speech", request: elevenLabs("POST", "/v1/text-to-speech/george"), answer: { body: Buffer.alloc(64), headers: { "content-type": "audio/pcm" } }, schema: "ElevenLabs text-to-speech audio", fits: true },
  { name: "speech answered as JSON", request: elevenLabs("POST", "/v1/text-to-speech/george"), answer: { json: { audio: "" } }, schema: "ElevenLabs text-to-speech audio", fits: false },
  { name: "a page of voices", request: elevenLabs("GET", "/v2/voices"), answer: { json: { voices: [voice], has_more: false, total_count: 1, next_page_token: null } }, schema: "ElevenLabs GetVoicesV2ResponseModel", fits: true },
  { name: "voices without has_more", request: elevenLabs("GET", "/v2/voices"), answer: { json: { voices: [voice], total_count: 1 } }, schema: "ElevenLabs GetVoicesV2ResponseModel", fits: false },
  { name: "the subscription", request: elevenLabs("GET", "/v1/user/subscription"), answer: { json: elevenLabsSubscription() }, schema: "ElevenLabs ExtendedSubscriptionResponseModel", fits: true },
  { name: "a subscription of an unknown status", request: elevenLabs("GET", "/v1/user/subscription"), answer: { json: elevenLabsSubscription({ status: "paused" }) }, schema: "ElevenLabs ExtendedSubscriptionResponseModel", fits: false },
  { name: "the models (under a test's prefix)", request: elevenLabs("GET", "/el/v1/models"), answer: { json: elevenLabsModels(["eleven_multilingual_v2"]) }, schema: "ElevenLabs ModelResponseModel[]", fits: true },
  { name: "a validation error", request: elevenLabs("POST", "/v1/text-to-speech/george"), answer: { status: 422, json: { detail: [{ loc: ["body", "text"], msg: "Field required", type: "missing" }] } }, schema: "ElevenLabs HTTPValidationError", fits: true },
  { name: "a validation error as one message", request: elevenLabs("GET", "/v2/voices"), answer: { status: 422, json: { detail: { status: "invalid", message: "Field required" } } }, schema: "ElevenLabs HTTPValidationError", fits: false },
  // What the definitions give nothing for is not checked (and says so by naming no schema).
  { name: "an ElevenLabs 401", request: elevenLabs("POST", "/v1/text-to-speech/george"), answer: { status: 401, json: { detail: { status: "invalid_api_key", message: "Invalid API key" } } }, fits: true },
  { name: "a preview file", request: { method: "GET", path: "/previews/george.mp3", headers: {} }, answer: { body: "<html>", headers: { "content-type": "text/html" } }, fits: true },
];

describe("checkAnswer", () => {
  it.each(cases)("$name: checked against $schema, fits: $fits", ({ request, answer, schema, fits }) => {
    const check = checkAnswer(request, answer);
    expect(check.schema).toBe(schema);
    expect(check.issues.length === 0).toBe(fits);
  });

  it("names each fault once, however many voices share it", () => {
    const { fine_tuning: _dropped, ...withoutFineTuning } = voice;
    const broken = { ...withoutFineTuning, fine_tuning: { ...voice.fine_tuning, manual_verification_requested: undefined } };
    const { issues } = checkAnswer(elevenLabs("GET", "/v2/voices"), { json: { voices: [broken, broken, broken], has_more: false, total_count: 3 } });
    expect(issues).toEqual(["voices.*.fine_tuning.manual_verification_requested: Invalid input: expected boolean, received undefined"]);
  });
});

describe("the stand-in", () => {
  it("sends an answer that does not fit, records it, and fails on close with what did not fit", async () => {
    const standIn = await startStandIn();
    standIn.answer(() => ({ json: { data: [] } }));
    const response = await fetch(`${standIn.origin}/v1/images/generations`, { method: "POST", headers: { authorization: "Bearer sk-x" }, body: "{}" });
    expect(await response.json()).toEqual({ data: [] });
    expect(standIn.requests[0].answerSchema).toBe("OpenAI ImagesResponse");
    await expect(standIn.close()).rejects.toThrow(
      "The stand-in gave answers the API definitions do not allow:\nPOST /v1/images/generations -> 200 (OpenAI ImagesResponse): created: Invalid input: expected number, received undefined",
    );
  });

  it("closes quietly when every answer fits", async () => {
    const standIn = await startStandIn();
    standIn.answer(() => ({ json: openAiModelList(["gpt-image-2"]) }));
    await fetch(`${standIn.origin}/v1/models`, { headers: { authorization: "Bearer sk-x" } });
    expect(standIn.nonConforming).toEqual([]);
    await expect(standIn.close()).resolves.toBeUndefined();
  });
});
