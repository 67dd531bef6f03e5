/**
 * The provider check as `sst deploy` runs it: the event SST's Script sends, against the provider
 * stand-in in the states a deploy meets (docs/decisions.md#provider-check-at-deploy).
 */
import { lastProviderCheck } from "@storyboard/core/provider/check-record";
import { elevenLabsModels, elevenLabsSubscription, openAiError, openAiModelList } from "@storyboard/core/provider/cloud/fixtures/account-answers";
import { MODEL_DEFAULTS } from "@storyboard/core/provider/cloud/models";
import { startStandIn, type StandIn } from "@storyboard/core/provider/cloud/stand-in";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { handler } from "./provider-check";

let standIn: StandIn;
const ENV = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "ELEVENLABS_API_KEY", "ELEVENLABS_BASE_URL", "OPENAI_IMAGE_MODEL"];
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
const CURRENT = [MODEL_DEFAULTS.OPENAI_TEXT_MODEL, MODEL_DEFAULTS.OPENAI_IMAGE_MODEL, MODEL_DEFAULTS.OPENAI_MODERATION_MODEL];
const deploy = (onError: "fail" | "warn" = "fail") => handler({ params: { trigger: "deploy", onError } });
/** What EventBridge sends the hourly run. */
const hourly = () => handler({ source: "aws.events", "detail-type": "Scheduled Event", detail: {} });

/** Answers as the providers would: OpenAI with `openAi`, ElevenLabs with its subscription `plan`. */
function providers({ openAi = () => ({ json: openAiModelList(CURRENT) }), plan = {} }: { openAi?: () => object; plan?: Record<string, unknown> } = {}) {
  standIn.answer((r) => {
    if (r.path === "/v1/models") return openAi();
    if (r.path.endsWith("/user/subscription")) return { json: elevenLabsSubscription(plan) };
    return { json: elevenLabsModels([MODEL_DEFAULTS.ELEVENLABS_SPEECH_MODEL]) };
  });
}

beforeAll(async () => {
  standIn = await startStandIn();
  Object.assign(process.env, {
    OPENAI_API_KEY: "sk-proj-deploy-check-0123456789",
    OPENAI_BASE_URL: `${standIn.origin}/v1`,
    ELEVENLABS_API_KEY: "sk_deploy_check_0123456789abcdef",
    ELEVENLABS_BASE_URL: `${standIn.origin}/el/v1`,
  });
});
afterEach(() => delete process.env.OPENAI_IMAGE_MODEL);
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  await standIn.close();
});

describe("the provider check at deploy time", () => {
  it("lets a deploy whose keys and models work go on, and keeps the result for Admin Fixes", async () => {
    providers();
    const report = await deploy();
    expect(report.level).toBe("ok");
    expect((await lastProviderCheck())?.checkedAt).toBe(report.checkedAt);
  });

  it("stops a deploy whose image model is gone, naming the setting to change", async () => {
    providers();
    process.env.OPENAI_IMAGE_MODEL = "gpt-image-1";
    await expect(deploy()).rejects.toThrow(
      /^The deploy was stopped: provider work would fail with these settings\. The image model gpt-image-1 .*Set OPENAI_IMAGE_MODEL to a current model\./,
    );
    expect(await lastProviderCheck()).toMatchObject({ level: "error" });
  });

  it("stops a deploy whose key is rejected, without showing the key", async () => {
    providers({ openAi: () => ({ status: 401, json: openAiError("Incorrect API key provided: sk-proj-***6789.", "invalid_api_key") }) });
    const failure = await deploy().catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain("OpenAI rejected the key in OPENAI_API_KEY");
    expect((failure as Error).message).not.toContain("sk-proj-deploy");
  });

  it("only records what the deploy cannot fix (characters used up), and a rejected key when told to warn", async () => {
    providers({ plan: { character_count: 10_000, character_limit: 10_000 } });
    expect((await deploy()).findings).toContainEqual(expect.objectContaining({ level: "error", cause: "quota" }));

    providers({ openAi: () => ({ status: 401, json: openAiError("Incorrect API key provided.", "invalid_api_key") }) });
    expect((await deploy("warn")).level).toBe("error");
    expect(await lastProviderCheck()).toMatchObject({ level: "error" });
  });

  it("never fails the hourly run: its errors go to the log and the alarm", async () => {
    providers();
    process.env.OPENAI_IMAGE_MODEL = "gpt-image-1";
    expect((await hourly()).level).toBe("error");
  });
});
