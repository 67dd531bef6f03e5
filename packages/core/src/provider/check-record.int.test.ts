import { createTestUser } from "@storyboard/local/test/fixtures";
import { elevenLabsModels, elevenLabsSubscription, openAiModelList } from "./cloud/fixtures/account-answers";
import { MODEL_DEFAULTS } from "./cloud/models";
import { startStandIn, type StandIn } from "./cloud/stand-in";
import { runProviderCheck } from "./check-record";

let standIn: StandIn;
const ENV = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "ELEVENLABS_API_KEY", "ELEVENLABS_BASE_URL"];
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  standIn = await startStandIn();
  Object.assign(process.env, {
    OPENAI_API_KEY: "sk-proj-hourly-check-0123456789",
    OPENAI_BASE_URL: `${standIn.origin}/v1`,
    ELEVENLABS_API_KEY: "sk_hourly_check_0123456789abcdef",
    ELEVENLABS_BASE_URL: `${standIn.origin}/el/v1`,
  });
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  await standIn.close();
});

describe("the hourly provider check", () => {
  it("keeps its last result, which only admins can read", async () => {
    standIn.answer((r) => {
      if (r.path === "/v1/models") return { json: openAiModelList([MODEL_DEFAULTS.OPENAI_TEXT_MODEL, MODEL_DEFAULTS.OPENAI_MODERATION_MODEL]) };
      if (r.path.endsWith("/user/subscription")) return { json: elevenLabsSubscription() };
      return { json: elevenLabsModels([MODEL_DEFAULTS.ELEVENLABS_SPEECH_MODEL]) };
    });
    const report = await runProviderCheck(new Date("2026-11-26T12:00:00Z"));
    expect(report.level).toBe("error");

    const admin = await createTestUser({ roles: ["admin"] });
    const answer = await admin.call("/api/admin/provider-check");
    expect(answer.status).toBe(200);
    const { check } = await answer.json();
    expect(check).toMatchObject({ checkedAt: "2026-11-26T12:00:00.000Z", level: "error" });
    expect(check.findings).toContainEqual({
      provider: "OpenAI",
      level: "error",
      cause: "model",
      message: `The image model ${MODEL_DEFAULTS.OPENAI_IMAGE_MODEL} is not offered to this key (retired, misspelt or not enabled): every frame will fail. Set OPENAI_IMAGE_MODEL to a current model.`,
    });

    const writer = await createTestUser();
    expect((await writer.call("/api/admin/provider-check")).status).toBe(403);
  });
});
