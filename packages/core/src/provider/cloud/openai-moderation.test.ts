import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODEL_DEFAULTS } from "./models";
import { mapOpenAiCategories, OpenAiModerationProvider } from "./openai-moderation";
import { moderationResult, startStandIn, type RecordedRequest, type StandIn } from "./stand-in";

const KEY = "sk-moderation-key-0123456789";
let standIn: StandIn;

/** The stand-in's classifier: markers in the text say which categories it falls under. */
const MARKERS: Record<string, string[]> = {
  "[minors]": ["sexual/minors", "sexual"],
  "[bomb-howto]": ["illicit/violent", "illicit", "violence"],
  "[gore]": ["violence", "violence/graphic"],
  "[slur]": ["hate", "harassment"],
  "[self-harm-howto]": ["self-harm/instructions", "self-harm"],
};
function classify(request: RecordedRequest) {
  const { input } = request.json<{ input: string[] }>();
  return {
    json: {
      id: "modr-970d409ef3bef3b70c73d8232df86e7d",
      model: "omni-moderation-latest",
      results: input.map((text) => moderationResult(Object.entries(MARKERS).flatMap(([marker, c]) => (text.includes(marker) ? c : [])))),
    },
  };
}

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(() => standIn.close());

const moderator = (batching = {}) => new OpenAiModerationProvider({ apiKey: KEY, baseUrl: `${standIn.origin}/v1` }, { retryBaseMs: 5 }, batching);

describe("OpenAiModerationProvider", () => {
  it("sends the sections as one batched input to omni-moderation-latest", async () => {
    standIn.answer(classify);
    await moderator().moderate([
      { id: "b0001", text: "INT. KITCHEN - NIGHT" },
      { id: "b0002", text: "She pours the tea." },
    ]);
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/moderations");
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.json()).toEqual({ model: MODEL_DEFAULTS.OPENAI_MODERATION_MODEL, input: ["INT. KITCHEN - NIGHT", "She pours the tea."] });
  });

  it("warns about what screenplays legitimately show and lets the upload proceed", async () => {
    standIn.answer(classify);
    const report = await moderator().moderate([
      { id: "b0001", text: "The blade comes down. [gore]" },
      { id: "b0002", text: "He spits a [slur] at the guard." },
      { id: "b0003", text: "What the fuck was that?" },
      { id: "b0004", text: "Morning light on the harbour." },
    ]);
    expect(report.canProceed).toBe(true);
    expect(report.flaggedSections).toEqual([
      { level: "warning", categories: ["violence", "graphic_violence"], text: "The blade comes down. [gore]", blockId: "b0001" },
      { level: "warning", categories: ["harassment", "hate"], text: "He spits a [slur] at the guard.", blockId: "b0002" },
      // OpenAI has no strong-language category: the offline word list still warns.
      { level: "warning", categories: ["strong_language"], text: "What the fuck was that?", blockId: "b0003" },
    ]);
  });

  it("blocks sexual content involving minors and instructions for violence or self-harm", async () => {
    standIn.answer(classify);
    const report = await moderator().moderate([
      { id: "b0010", text: "A scene that must not be. [minors]" },
      { id: "b0011", text: "Step one, the detonator. [bomb-howto]" },
      { id: "b0012", text: "The method, in detail. [self-harm-howto]" },
      { id: "b0013", text: "The blade comes down. [gore]" },
    ]);
    expect(report.canProceed).toBe(false);
    expect(report.flaggedSections.map((s) => [s.blockId, s.level, s.categories])).toEqual([
      ["b0010", "block", ["sexual_content_involving_minors"]],
      ["b0011", "block", ["violent_wrongdoing_instructions", "illicit_instructions", "violence"]],
      ["b0012", "block", ["self_harm_instructions", "self_harm"]],
      ["b0013", "warning", ["violence", "graphic_violence"]],
    ]);
  });

  it("splits many sections into batches and keeps each result with its block", async () => {
    standIn.answer(classify);
    const sections = Array.from({ length: 70 }, (_, i) => ({ id: `b${String(i + 1).padStart(4, "0")}`, text: `Line ${i + 1}.` }));
    sections[66].text = "Line 67. [gore]";
    const report = await moderator({ maxInputs: 32, concurrency: 2 }).moderate(sections);
    expect(standIn.requests.map((r) => r.json<{ input: string[] }>().input.length).sort((a, b) => a - b)).toEqual([6, 32, 32]);
    expect(report.flaggedSections).toEqual([
      { level: "warning", categories: ["violence", "graphic_violence"], text: "Line 67. [gore]", blockId: "b0067" },
    ]);
  });

  it("reads an over-long section in pieces and reports it once, shortened", async () => {
    standIn.answer(classify);
    const long = `${"The sea is calm. ".repeat(200)}[gore]`;
    const report = await moderator({ maxChars: 1000 }).moderate([{ id: "b0100", text: long }]);
    const inputs = standIn.requests.flatMap((r) => r.json<{ input: string[] }>().input);
    expect(inputs.join("")).toBe(long);
    expect(Math.max(...inputs.map((i) => i.length))).toBeLessThanOrEqual(1000);
    expect(report.flaggedSections).toHaveLength(1);
    expect(report.flaggedSections[0]).toMatchObject({ blockId: "b0100", level: "warning", categories: ["violence", "graphic_violence"] });
    expect(report.flaggedSections[0].text).toHaveLength(1001);
  });

  it("fails when the answer does not have one result per input", async () => {
    standIn.answer(() => ({ json: { id: "modr-1", model: "omni-moderation-latest", results: [moderationResult()] } }));
    await expect(moderator().moderate([{ text: "one" }, { text: "two" }])).rejects.toThrow("OpenAI moderation failed: 1 results for 2 inputs");
  });
});

describe("mapOpenAiCategories", () => {
  it("keeps unknown future categories as warnings under their own name", () => {
    expect(mapOpenAiCategories({ "weapons/new": true, sexual: false })).toEqual([{ category: "weapons_new", level: "warning" }]);
  });
});
