import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { elevenLabsModels, elevenLabsSubscription, openAiError, openAiModelList } from "@storyboard/core/provider/cloud/fixtures/account-answers";
import { MODEL_DEFAULTS } from "@storyboard/core/provider/cloud/models";
import { startStandIn, type StandIn } from "@storyboard/core/provider/cloud/stand-in";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const bin = path.join(repoRoot, "packages/local/bin/storyboard.mjs");
const OPENAI_KEY = "sk-proj-cli-doctor-0123456789";

let standIn: StandIn;
beforeAll(async () => (standIn = await startStandIn()));
afterAll(() => standIn.close());

/** Runs `storyboard doctor` against the stand-in (asynchronously: the stand-in answers from this process). */
async function doctor(env: Record<string, string> = {}) {
  const run = promisify(execFile)(process.execPath, [bin, "doctor"], {
    cwd: repoRoot,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: `${standIn.origin}/v1`,
      ELEVENLABS_API_KEY: "sk_cli_doctor_0123456789abcdef",
      ELEVENLABS_BASE_URL: `${standIn.origin}/el/v1`,
      ...env,
    },
  });
  return run.then(
    ({ stdout }) => ({ status: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ status: error.code, stdout: error.stdout }),
  );
}

const current = [MODEL_DEFAULTS.OPENAI_TEXT_MODEL, MODEL_DEFAULTS.OPENAI_IMAGE_MODEL, MODEL_DEFAULTS.OPENAI_MODERATION_MODEL];
const healthy = (path: string) => {
  if (path === "/v1/models") return { json: openAiModelList(current) };
  if (path === "/el/v1/user/subscription") return { json: elevenLabsSubscription() };
  return { json: elevenLabsModels([MODEL_DEFAULTS.ELEVENLABS_SPEECH_MODEL]) };
};

describe("storyboard doctor", () => {
  it("says all is well and exits 0 when keys, models and plan work", async () => {
    standIn.answer((r) => healthy(r.path));
    const run = await doctor();
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`The image model ${MODEL_DEFAULTS.OPENAI_IMAGE_MODEL} is offered.`);
    expect(run.stdout).toContain("ElevenLabs accepts the key (plan: creator).");
    expect(run.stdout.trim().split("\n").at(-1)).toBe("All configured providers will work.");
  }, 60_000);

  it("names a retired model and exits 1", async () => {
    standIn.answer((r) => healthy(r.path));
    const run = await doctor({ OPENAI_IMAGE_MODEL: "gpt-image-1" });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("ERROR   The image model gpt-image-1 was shut down on 2026-10-23: every frame will fail.");
    expect(run.stdout.trim().split("\n").at(-1)).toBe("Some provider work will fail.");
  }, 60_000);

  it("names a bad key without printing it and exits 1", async () => {
    standIn.answer((r) =>
      r.path.startsWith("/v1/") ? { status: 401, json: openAiError(`Incorrect API key provided: ${OPENAI_KEY}.`, "invalid_api_key") } : healthy(r.path),
    );
    const run = await doctor();
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("ERROR   OpenAI rejected the key in OPENAI_API_KEY: every OpenAI call will fail.");
    expect(run.stdout).not.toContain(OPENAI_KEY);
  }, 60_000);
});
