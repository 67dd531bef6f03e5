import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { getStyle } from "../../catalog/styles";
import type { ImageRequest } from "../types";
import { MODEL_DEFAULTS } from "./models";
import { OpenAiImageProvider } from "./openai-image";
import { startStandIn, type StandIn } from "./stand-in";

const KEY = "sk-proj-image-key-0123456789abcdef";
let standIn: StandIn;
let images: OpenAiImageProvider;
let pngBase64: string;

const request: ImageRequest = {
  prompt: "Wide shot of a lighthouse keeper climbing the spiral stairs with a lantern",
  style: "ghibli",
  scene: { heading: "INT. LIGHTHOUSE - NIGHT", interior: true, location: "LIGHTHOUSE", timeOfDay: "NIGHT" },
  characters: [{ name: "EDDA", gender: "female" }],
  blockType: "action",
  text: "Edda climbs the stairs, lantern swinging.",
  seed: "render-1:b0004:main",
};

/** A real 1536x1024 PNG as gpt-image-1 sends it: red band on top, green at the bottom, blue between. */
async function landscapePng(): Promise<Buffer> {
  const band = (color: string, height: number) => sharp({ create: { width: 1536, height, channels: 3, background: color } }).png().toBuffer();
  return sharp({ create: { width: 1536, height: 1024, channels: 3, background: "#0000ff" } })
    .composite([
      { input: await band("#ff0000", 60), top: 0, left: 0 },
      { input: await band("#00ff00", 60), top: 964, left: 0 },
    ])
    .png()
    .toBuffer();
}

const imagesAnswer = () => ({
  json: {
    created: 1745000000,
    background: "opaque",
    data: [{ b64_json: pngBase64 }],
    output_format: "png",
    quality: "medium",
    size: "1536x1024",
    usage: { input_tokens: 52, input_tokens_details: { image_tokens: 0, text_tokens: 52 }, output_tokens: 1568, total_tokens: 1620 },
  },
});

beforeAll(async () => {
  standIn = await startStandIn();
  images = new OpenAiImageProvider({ apiKey: KEY, baseUrl: `${standIn.origin}/v1` }, { retryBaseMs: 5 });
  pngBase64 = (await landscapePng()).toString("base64");
});
afterAll(() => standIn.close());

describe("OpenAiImageProvider", () => {
  it("asks gpt-image-2 for a 16:9 1536x864 picture with the style in the prompt", async () => {
    standIn.answer(imagesAnswer);
    await images.generate(request);
    const [sent] = standIn.requests;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v1/images/generations");
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = sent.json<Record<string, unknown>>();
    expect(body).toMatchObject({ model: MODEL_DEFAULTS.OPENAI_IMAGE_MODEL, size: "1536x864", n: 1 });
    // GPT image models always answer base64 and reject response_format.
    expect(body).not.toHaveProperty("response_format");
    expect(body.prompt).toBe(`${request.prompt}. Style: ${getStyle("ghibli").promptFragment}`);
  });

  it("does not repeat a style fragment the prompt already carries", async () => {
    standIn.answer(imagesAnswer);
    const prompt = `A lantern on the stairs. Style: ${getStyle("noir").promptFragment}`;
    await images.generate({ ...request, style: "noir", prompt });
    expect(standIn.requests[0].json<{ prompt: string }>().prompt).toBe(prompt);
  });

  it("returns a 1280x720 JPEG frame from an older 3:2 model, scaled to cover and centre-cropped", async () => {
    standIn.answer(imagesAnswer);
    process.env.OPENAI_IMAGE_MODEL = "gpt-image-1.5";
    onTestFinished(() => void delete process.env.OPENAI_IMAGE_MODEL);
    const image = await images.generate(request);
    expect(image).toMatchObject({ contentType: "image/jpeg", width: 1280, height: 720 });
    const meta = await sharp(image.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1280, height: 720 });
    // The 3:2 picture lost its top and bottom strips (red, green), not its sides, and was not stretched.
    const { data, info } = await sharp(image.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    for (const [x, y] of [[2, 2], [640, 2], [1277, 717], [640, 360]]) {
      const [r, g, b] = pixel(x, y);
      expect(b, `pixel ${x},${y}`).toBeGreaterThan(200);
      expect(r + g, `pixel ${x},${y}`).toBeLessThan(60);
    }
  });

  it.each([
    { code: "moderation_blocked", type: "image_generation_user_error", message: "Your request was rejected by the safety system." },
    { code: "content_policy_violation", type: "invalid_request_error", message: "Your request was rejected as a result of our safety system." },
  ])("reports a refusal by OpenAI's safety system ($code) as such, after one attempt", async ({ code, type, message }) => {
    standIn.answer(() => ({ status: 400, json: { error: { message, type, param: null, code } } }));
    const error = await images.generate(request).catch((e: unknown) => e);
    expect(standIn.requests).toHaveLength(1);
    expect(error).toMatchObject({ name: "ProviderError", kind: "refused", retryable: false, detail: message });
  });

  it("retries a 429 and then succeeds", async () => {
    let calls = 0;
    standIn.answer(() =>
      ++calls === 1
        ? { status: 429, headers: { "retry-after": "0" }, json: { error: { message: "Rate limit reached for images per minute", type: "requests", param: null, code: "rate_limit_exceeded" } } }
        : imagesAnswer(),
    );
    const image = await images.generate(request);
    expect(standIn.requests).toHaveLength(2);
    expect(image.width).toBe(1280);
  });

  it("fails with the provider and status on a 401, without the key", async () => {
    standIn.answer(() => ({
      status: 401,
      json: { error: { message: `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`, type: "invalid_request_error", param: null, code: "invalid_api_key" } },
    }));
    const error = (await images.generate(request).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^OpenAI image generation failed: HTTP 401 \(invalid_api_key\)/);
    expect(error.message).not.toContain(KEY);
    expect(standIn.requests).toHaveLength(1);
  });
});
