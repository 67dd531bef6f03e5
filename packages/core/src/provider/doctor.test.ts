import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { elevenLabsModels, elevenLabsSubscription, openAiError, openAiModelList } from "./cloud/fixtures/account-answers";
import { MODEL_DEFAULTS } from "./cloud/models";
import { startStandIn, type StandIn } from "./cloud/stand-in";
import { checkElevenLabs, checkOpenAi, checkProviders, formatReport } from "./doctor";

let standIn: StandIn;
const openAi = () => ({ apiKey: "sk-proj-doctor-0123456789", baseUrl: `${standIn.origin}/v1` });
const elevenLabs = () => ({ apiKey: "sk_doctor_0123456789abcdef", baseUrl: `${standIn.origin}/el/v1` });
const CURRENT = [MODEL_DEFAULTS.OPENAI_TEXT_MODEL, MODEL_DEFAULTS.OPENAI_IMAGE_MODEL, MODEL_DEFAULTS.OPENAI_MODERATION_MODEL, "gpt-image-1.5"];
const NOW = new Date("2026-11-26T12:00:00Z");

beforeAll(async () => (standIn = await startStandIn()));
afterAll(() => standIn.close());
afterEach(() => {
  for (const name of ["OPENAI_IMAGE_MODEL", "ELEVENLABS_OUTPUT_FORMAT", "OPENAI_API_KEY", "OPENAI_BASE_URL", "ELEVENLABS_API_KEY", "ELEVENLABS_BASE_URL"]) delete process.env[name];
});

describe("the OpenAI check", () => {
  it("finds every configured model offered", async () => {
    standIn.answer(() => ({ json: openAiModelList(CURRENT) }));
    const findings = await checkOpenAi(openAi(), NOW);
    expect(findings.every((f) => f.level === "ok")).toBe(true);
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/models"]);
  });

  it("says which work fails when a model is retired or about to be", async () => {
    standIn.answer(() => ({ json: openAiModelList(CURRENT) }));
    process.env.OPENAI_IMAGE_MODEL = "gpt-image-1";
    const retired = await checkOpenAi(openAi(), NOW);
    expect(retired).toContainEqual({
      provider: "OpenAI",
      level: "error",
      cause: "model",
      message: "The image model gpt-image-1 was shut down on 2026-10-23: every frame will fail. Set OPENAI_IMAGE_MODEL to a current model.",
    });
    process.env.OPENAI_IMAGE_MODEL = "gpt-image-1.5";
    const soon = await checkOpenAi(openAi(), NOW);
    expect(soon.find((f) => f.level === "warning")?.message).toBe(
      "The image model gpt-image-1.5 shuts down on 2026-12-01 (in 5 days). Set OPENAI_IMAGE_MODEL to its successor before then.",
    );
  });

  it("names the bad key without showing it", async () => {
    standIn.answer(() => ({ status: 401, json: openAiError("Incorrect API key provided: sk-proj-***6789.", "invalid_api_key") }));
    const [finding] = await checkOpenAi(openAi(), NOW);
    expect(finding.level).toBe("error");
    expect(finding.message).toMatch(/^OpenAI rejected the key in OPENAI_API_KEY: every OpenAI call will fail\./);
    expect(finding.message).not.toContain("sk-proj");
    expect(standIn.requests).toHaveLength(1);
  });
});

describe("the ElevenLabs check", () => {
  const answer = (subscription: Record<string, unknown> = {}, models: string[] = [MODEL_DEFAULTS.ELEVENLABS_SPEECH_MODEL]) =>
    standIn.answer((r) => ({ json: r.path.endsWith("/user/subscription") ? elevenLabsSubscription(subscription) : elevenLabsModels(models) }));

  it("reads the plan, the characters left and the speech model", async () => {
    answer();
    expect((await checkElevenLabs(elevenLabs())).every((f) => f.level === "ok")).toBe(true);
    expect(standIn.requests.map((r) => r.path)).toEqual(["/el/v1/user/subscription", "/el/v1/models"]);
    expect(standIn.requests[0].headers["xi-api-key"]).toBe(elevenLabs().apiKey);
  });

  it("reports exhausted characters, a plan without the output format and a missing model", async () => {
    answer({ tier: "free", character_count: 10_000, character_limit: 10_000 }, ["eleven_flash_v2_5"]);
    process.env.ELEVENLABS_OUTPUT_FORMAT = "pcm_44100";
    const messages = (await checkElevenLabs(elevenLabs())).filter((f) => f.level === "error").map((f) => f.message);
    expect(messages).toEqual([
      "ElevenLabs characters are used up (10000 of 10000) until 2026-01-01: every narration will fail.",
      "The free plan cannot make pcm_44100 (Pro and above): every narration will fail. Set ELEVENLABS_OUTPUT_FORMAT to pcm_22050 or pcm_24000.",
      "The speech model eleven_multilingual_v2 is not offered for text to speech: every narration will fail. Set ELEVENLABS_SPEECH_MODEL to a current model.",
    ]);
  });

  it("names a bad key (401 invalid_api_key)", async () => {
    standIn.answer(() => ({ status: 401, json: { detail: { status: "invalid_api_key", message: "Invalid API key" } } }));
    const [finding] = await checkElevenLabs(elevenLabs());
    expect(finding.message).toMatch(/^ElevenLabs rejected the key in ELEVENLABS_API_KEY/);
  });
});

describe("checkProviders", () => {
  it("reports unconfigured providers as offline, not as faults", async () => {
    const report = await checkProviders(NOW);
    expect(report).toMatchObject({ level: "ok", findings: [] });
    expect(report.offline).toHaveLength(2);
    expect(formatReport(report)).toContain("All configured providers will work.");
  });
});
