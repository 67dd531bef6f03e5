/**
 * The provider error list of issue 22, one row per test: a render (or an
 * on-demand image) against stand-ins that answer as OpenAI's and ElevenLabs'
 * API definitions say, checking how many attempts one block made, what the
 * writer was charged, and the message they read (docs/decisions.md#provider-errors).
 */
import sharp from "sharp";
import { withActor } from "@storyboard/core/actor";
import { db } from "@storyboard/core/dynamo/service";
import { ElevenLabsSpeechProvider } from "@storyboard/core/provider/cloud/elevenlabs-speech";
import { OpenAiImageProvider } from "@storyboard/core/provider/cloud/openai-image";
import { startStandIn, type RecordedRequest, type StandIn, type StandInAnswer } from "@storyboard/core/provider/cloud/stand-in";
import { setProviders } from "@storyboard/core/provider/registry";
import { createRender } from "@storyboard/core/render/create";
import { getRenderBlocks, hasMedia } from "@storyboard/core/render/jobs";
import { generateImageOnDemand, listImageRequests, useDrawnFrame } from "@storyboard/core/render/on-demand-image";
import { createTestUser, eventually, type TestUser, uploadScreenplay } from "./test/fixtures";
import { useLocalWorkflows, workflowsSettled } from "./workflows";

const KEY = "sk-proj-provider-errors-0123456789";
const XI_KEY = "sk_provider_errors_0123456789abcdef";
/** Short waits: the attempts are what is counted, not the backoff. */
const TUNING = { retryBaseMs: 1 };

let standIn: StandIn;
let pngBase64: string;

const jobOf = async (id: string) => (await db.entities.renderJob.get({ renderJobId: id }).go()).data!;
const balanceOf = async (userId: string) => (await db.entities.user.get({ userId }).go()).data!.points;
const asUser = <T>(user: TestUser, run: () => Promise<T>) => withActor({ type: "user", userId: user.userId, roles: [], sessionId: "test" }, run);

async function readyScreenplay(user: TestUser) {
  const { id } = await (await uploadScreenplay(user, "fdx")).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${id}`)).json()).status === "ready");
  return id as string;
}

const startRender = (user: TestUser, screenplayId: string) =>
  asUser(user, () =>
    createRender({ screenplayId, title: "Provider errors", style: "documentary", previewDescriptionsBeforeFirstImages: false, previewImagesBeforeFirstRender: false }),
  );

/** What tells one request's attempts apart from another's: its path and body, without a multipart body's per-attempt boundary. */
const requestKey = (r: RecordedRequest) => `${r.path}\u0000${r.body.toString("utf8").replace(/-+formdata-[\w-]+/g, "")}`;

/** The most attempts any one block made: requests for the same block carry the same body. */
function attemptsPerBlock(requests: RecordedRequest[], path: RegExp): number {
  const counts = new Map<string, number>();
  for (const r of requests.filter((r) => path.test(r.path))) {
    const key = requestKey(r);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
}

const imagesAnswer = (): StandInAnswer => ({
  json: { created: 1764115200, background: "opaque", data: [{ b64_json: pngBase64 }], output_format: "png", quality: "medium" },
});
const openAiError = (status: number, code: string, message: string, type = "invalid_request_error", headers: Record<string, string> = {}) => ({
  status,
  headers,
  json: { error: { message, type, param: null, code } },
});
const elevenLabsError = (status: number, detail: unknown, headers: Record<string, string> = {}) => ({ status, headers, json: { detail } });

/** OpenAI's two codes for a prompt its safety system refused (the current one and the older one), as it sends them. */
const REFUSALS = [
  { code: "moderation_blocked", type: "image_generation_user_error", message: "Your request was rejected by the safety system." },
  {
    code: "content_policy_violation",
    type: "invalid_request_error",
    message: "Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.",
  },
];
/** The refusal a block's frame gets: blocks ending in an even digit get the first, the others the second. */
const refusalFor = (blockId: string) => REFUSALS[blockId.charCodeAt(blockId.length - 1) % 2];
const refusalAnswer = (refusal: (typeof REFUSALS)[number]) => openAiError(400, refusal.code, refusal.message, refusal.type);

beforeAll(async () => {
  useLocalWorkflows({ retryIntervalSeconds: 0 });
  standIn = await startStandIn();
  pngBase64 = (await sharp({ create: { width: 1536, height: 864, channels: 3, background: "#3050a0" } }).png().toBuffer()).toString("base64");
});
afterAll(() => standIn.close());
afterEach(() => setProviders({}));

/** Two blocks may share a prompt: the seed (render, block, variant) is added so each block's requests are told apart. */
const useOpenAiImages = () => {
  const images = new OpenAiImageProvider({ apiKey: KEY, baseUrl: `${standIn.origin}/v1` }, TUNING);
  setProviders({ image: { generate: (input) => images.generate({ ...input, prompt: `${input.prompt} [${input.seed}]` }) } });
};
const useElevenLabsSpeech = () =>
  setProviders({ speech: new ElevenLabsSpeechProvider({ apiKey: XI_KEY, baseUrl: `${standIn.origin}/v1` }, TUNING, async (id) => id) });

interface Row {
  name: string;
  use: () => void;
  answer: (request: RecordedRequest, attempt: number) => StandInAnswer;
  path: RegExp;
  attempts: number;
  message: RegExp;
}

/** Frames and reference portraits: a shot of characters with references goes to the edits endpoint. */
const IMAGES = /\/v1\/images\/(generations|edits)$/;
const SPEECH = /\/v1\/text-to-speech\//;

const failingRows: Row[] = [
  {
    name: "OpenAI: retired model (404 model_not_found)",
    use: useOpenAiImages,
    answer: () => openAiError(404, "model_not_found", "The model `gpt-image-1` does not exist or you do not have access to it."),
    path: IMAGES,
    attempts: 1,
    message: /^The image and text service no longer offers the model we use — we have been notified\. This render failed; \d+ points were refunded\.$/,
  },
  {
    name: "OpenAI: bad key (401 invalid_api_key)",
    use: useOpenAiImages,
    answer: () => openAiError(401, "invalid_api_key", `Incorrect API key provided: ${KEY}.`),
    path: IMAGES,
    attempts: 1,
    message: /^The image and text service rejected our key — we have been notified\. This render failed; \d+ points were refunded\.$/,
  },
  {
    name: "OpenAI: exhausted quota (429 insufficient_quota)",
    use: useOpenAiImages,
    answer: () => openAiError(429, "insufficient_quota", "You exceeded your current quota, please check your plan and billing details.", "insufficient_quota"),
    path: IMAGES,
    attempts: 1,
    message: /run out of credit on our account/,
  },
  {
    name: "OpenAI: rate limited with Retry-After, every time (429)",
    use: useOpenAiImages,
    answer: () => openAiError(429, "rate_limit_exceeded", "Rate limit reached for gpt-image-2 on images per minute.", "requests", { "retry-after": "0" }),
    path: IMAGES,
    attempts: 4,
    message: /^The image and text service is busy right now/,
  },
  {
    name: "OpenAI: rate limited without Retry-After, waiting out x-ratelimit-reset-requests (429)",
    use: useOpenAiImages,
    answer: () => openAiError(429, "rate_limit_exceeded", "Rate limit reached.", "requests", { "x-ratelimit-reset-requests": "5ms", "x-ratelimit-reset-tokens": "2ms" }),
    path: IMAGES,
    attempts: 4,
    message: /is busy right now/,
  },
  {
    name: "OpenAI: rate limited for longer than a block can wait (429, reset in 6m0s)",
    use: useOpenAiImages,
    answer: () => openAiError(429, "rate_limit_exceeded", "Rate limit reached.", "tokens", { "x-ratelimit-reset-tokens": "6m0s" }),
    path: IMAGES,
    attempts: 1,
    message: /is busy right now/,
  },
  {
    name: "OpenAI: server error every time (500)",
    use: useOpenAiImages,
    answer: () => openAiError(500, "server_error", "The server had an error while processing your request.", "server_error"),
    path: IMAGES,
    attempts: 4,
    message: /^The image and text service is not answering right now/,
  },
  {
    name: "ElevenLabs: bad key (401 invalid_api_key)",
    use: useElevenLabsSpeech,
    answer: () => elevenLabsError(401, { status: "invalid_api_key", message: "Invalid API key" }),
    path: SPEECH,
    attempts: 1,
    message: /^The voice service rejected our key — we have been notified\. This render failed; \d+ points were refunded\.$/,
  },
  {
    name: "ElevenLabs: exhausted quota (401 quota_exceeded)",
    use: useElevenLabsSpeech,
    answer: () => elevenLabsError(401, { status: "quota_exceeded", message: "This request exceeds your quota of 10000. You have 12 credits remaining." }),
    path: SPEECH,
    attempts: 1,
    message: /^The voice service has run out of credit/,
  },
  {
    name: "ElevenLabs: validation error (422, field location kept for the operator)",
    use: useElevenLabsSpeech,
    answer: () => elevenLabsError(422, [{ loc: ["body", "model_id"], msg: "Field required", type: "missing" }]),
    path: SPEECH,
    attempts: 1,
    message: /^The voice service could not handle our request/,
  },
  {
    name: "ElevenLabs: too many concurrent requests every time (429)",
    use: useElevenLabsSpeech,
    answer: () => elevenLabsError(429, { status: "too_many_concurrent_requests", message: "Too many concurrent requests." }),
    path: SPEECH,
    attempts: 4,
    message: /^The voice service is busy right now/,
  },
  {
    name: "ElevenLabs: voice not found (404 voice_not_found)",
    use: useElevenLabsSpeech,
    answer: () => elevenLabsError(404, { status: "voice_not_found", message: "A voice with the voice_id george was not found." }),
    path: SPEECH,
    attempts: 1,
    message: /^A voice chosen for this screenplay no longer exists/,
  },
];

describe("provider errors in a render", () => {
  it.each(failingRows)("$name: $attempts attempt(s) per block, refunded, told in plain words", async (row) => {
    row.use();
    standIn.answer((request) => row.answer(request, 0));
    const user = await createTestUser({ points: 1000 });
    const { id } = await startRender(user, await readyScreenplay(user));
    await workflowsSettled();
    const job = await jobOf(id);
    expect(job.status).toBe("failed");
    expect(attemptsPerBlock(standIn.requests, row.path)).toBe(row.attempts);
    expect(job.refunded).toBe(true);
    expect(await balanceOf(user.userId)).toBe(1000);
    expect(job.failureReason).toMatch(row.message);
    expect(job.failureReason).not.toContain(KEY);
    // The operator gets the provider's own words in the error log.
    const { data: logs } = await db.entities.errorLog.query.byRender({ renderJobId: id }).go();
    expect(logs.map((l) => l.errorMessage).join("\n")).toMatch(/(OpenAI|ElevenLabs) \w[\w ]* failed/);
  });

  it("ElevenLabs' 422 names the field in the error log", async () => {
    useElevenLabsSpeech();
    standIn.answer(() => elevenLabsError(422, [{ loc: ["body", "model_id"], msg: "Field required", type: "missing" }]));
    const user = await createTestUser({ points: 1000 });
    const { id } = await startRender(user, await readyScreenplay(user));
    await workflowsSettled();
    const { data: logs } = await db.entities.errorLog.query.byRender({ renderJobId: id }).go();
    expect(logs.map((l) => l.errorMessage).join("\n")).toContain("body.model_id: Field required");
  });

  it("OpenAI: a 429 that clears on the third attempt completes the render, charged once", async () => {
    useOpenAiImages();
    const seen = new Map<string, number>();
    standIn.answer((request) => {
      const key = requestKey(request);
      const attempt = (seen.get(key) ?? 0) + 1;
      seen.set(key, attempt);
      return attempt < 3 ? openAiError(429, "rate_limit_exceeded", "Rate limit reached.", "requests", { "retry-after-ms": "1" }) : imagesAnswer();
    });
    const user = await createTestUser({ points: 1000 });
    const { id } = await startRender(user, await readyScreenplay(user));
    await workflowsSettled();
    const job = await jobOf(id);
    expect(job.status).toBe("complete");
    expect(attemptsPerBlock(standIn.requests, IMAGES)).toBe(3);
    expect(await balanceOf(user.userId)).toBe(1000 - job.pointsCharged!);
  });

  it("OpenAI: refused frames (400 moderation_blocked, 400 content_policy_violation) are drawn offline, once, and the render completes", async () => {
    useOpenAiImages();
    // Each block's frame is refused with one of the two codes, told apart by its block id (the seed in the prompt).
    standIn.answer((request) => refusalAnswer(refusalFor(/\[[^\]:]+:([^\]:]+):[^\]:]+\]/.exec(request.body.toString("utf8"))?.[1] ?? "")));
    const user = await createTestUser({ points: 1000 });
    const { id } = await startRender(user, await readyScreenplay(user));
    await workflowsSettled();
    const job = await jobOf(id);
    expect(job.status).toBe("complete");
    expect(attemptsPerBlock(standIn.requests, IMAGES)).toBe(1);
    const blocks = (await getRenderBlocks(id)).filter(hasMedia);
    expect(blocks.every((b) => b.imageUrl?.length)).toBe(true);
    // Each refused frame is listed on its block with its own refusal's words, not charged beyond the render.
    const frames = await asUser(user, () => listImageRequests(id));
    expect(new Set(frames.map((f) => refusalFor(f.blockId).code))).toEqual(new Set(REFUSALS.map((r) => r.code)));
    for (const frame of frames) {
      expect(frame).toMatchObject({
        requestId: `main-${frame.blockId}`,
        status: "drawn",
        message: `The image service refused this prompt: ${refusalFor(frame.blockId).message} Edit the prompt or use a drawn frame.`,
      });
      expect(blocks.find((b) => b.blockId === frame.blockId)!.imageUrl).toContain(frame.url);
    }
    expect(await balanceOf(user.userId)).toBe(1000 - job.pointsCharged!);
  });
});

describe("provider errors of an on-demand image", () => {
  it("a refused prompt is not charged, says why on its frame after one attempt, and offers a free drawn frame", async () => {
    const user = await createTestUser({ points: 1000 });
    const { id } = await startRender(user, await readyScreenplay(user));
    await workflowsSettled();
    const before = await balanceOf(user.userId);
    const [block] = (await getRenderBlocks(id)).filter((b) => b.imageUrl?.length);
    useOpenAiImages();
    standIn.answer(() => openAiError(400, "moderation_blocked", "Your request was rejected by the safety system.", "image_generation_user_error"));
    const pending = await asUser(user, () => generateImageOnDemand({ renderJobId: id, blockId: block.blockId, imagePrompt: "A fight in the rain" }));
    expect(pending.status).toBe("pending");
    await workflowsSettled();
    const [refused] = await asUser(user, () => listImageRequests(id));
    expect(refused).toMatchObject({
      requestId: pending.requestId,
      status: "refused",
      message: "The image service refused this prompt: Your request was rejected by the safety system. Edit the prompt or use a drawn frame. Your points are refunded.",
    });
    expect(standIn.requests.filter((r) => IMAGES.test(r.path))).toHaveLength(1);
    expect(await balanceOf(user.userId)).toBe(before);
    // 'Use a drawn frame': free, drawn here without asking the service, appended to the block, once.
    const drawn = await asUser(user, () => useDrawnFrame({ renderJobId: id, requestId: pending.requestId }));
    expect(drawn).toMatchObject({ status: "drawn", url: expect.stringContaining(`${block.blockId}-drawn-`) });
    expect((await getRenderBlocks(id)).find((b) => b.blockId === block.blockId)!.imageUrl).toEqual([...block.imageUrl!, drawn.url]);
    await expect(asUser(user, () => useDrawnFrame({ renderJobId: id, requestId: pending.requestId }))).rejects.toMatchObject({ status: 409 });
    expect(standIn.requests.filter((r) => IMAGES.test(r.path))).toHaveLength(1);
    expect(await balanceOf(user.userId)).toBe(before);
  });
});
