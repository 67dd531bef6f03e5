import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg } from "../../media/ffmpeg";
import { DEFAULT_NARRATOR_VOICE_ID } from "../types";
import { ELEVENLABS_GEORGE_ID, ElevenLabsVoiceCatalog, isMp3 } from "./elevenlabs-voices";
import { startStandIn, type StandIn } from "./stand-in";

const KEY = "sk_voices0123456789abcdef0123456789";
let standIn: StandIn;
let previewMp3: Buffer;

/** A voice as GET /v2/voices lists it (ElevenLabs OpenAPI, VoiceResponseModel; read 2026-11-26). */
function voice(voice_id: string, name: string, gender: string | undefined, preview: string | null, category = "premade") {
  return {
    voice_id,
    name,
    samples: null,
    category,
    fine_tuning: { is_allowed_to_fine_tune: true, state: {}, verification_failures: [], verification_attempts_count: 0, manual_verification_requested: false },
    labels: { accent: "british", description: "warm", age: "middle aged", ...(gender ? { gender } : {}), use_case: "narration" },
    description: null,
    preview_url: preview,
    available_for_tiers: [],
    settings: null,
    sharing: null,
    high_quality_base_model_ids: ["eleven_multilingual_v2"],
    is_owner: false,
  };
}

const voicesAnswer = () => ({
  json: {
    has_more: false,
    total_count: 4,
    next_page_token: null,
    voices: [
      voice("EXAVITQu4vr4xnSDxMaL", "Sarah", "female", `${standIn.origin}/previews/sarah.mp3`),
      voice(ELEVENLABS_GEORGE_ID, "George", "male", `${standIn.origin}/previews/george.mp3`),
      voice("SAz9YHcvj6GT2YYXdXww", "River", "Non-Binary", `${standIn.origin}/previews/river.mp3`),
      voice("cloned-no-preview-01", "My Clone", undefined, null, "cloned"),
    ],
  },
});

/** Answers the voice list and preview files like ElevenLabs and its CDN. */
const elevenLabs = () =>
  standIn.answer((request) =>
    request.path.startsWith("/previews/") ? { body: previewMp3, headers: { "content-type": "audio/mpeg" } } : voicesAnswer(),
  );

const catalog = () => new ElevenLabsVoiceCatalog({ apiKey: KEY, baseUrl: `${standIn.origin}/v1` }, { retryBaseMs: 5 });

beforeAll(async () => {
  standIn = await startStandIn();
  // A real MP3, as the preview files are.
  previewMp3 = (await ffmpeg(["-f", "lavfi", "-i", "sine=frequency=330:duration=0.4", "-ac", "1", "-c:a", "libmp3lame", "-b:a", "32k", "-f", "mp3", "pipe:1"])).stdout;
});
afterAll(() => standIn.close());

describe("ElevenLabsVoiceCatalog", () => {
  it("lists the voices in our shape, with gender labels and the provider's preview URLs", async () => {
    elevenLabs();
    const voices = await catalog().list();
    const [request] = standIn.requests;
    expect(request.method).toBe("GET");
    expect(request.path).toBe("/v2/voices");
    expect(request.query.get("page_size")).toBe("100");
    expect(request.headers["xi-api-key"]).toBe(KEY);
    expect(voices).toEqual([
      { voice_id: "EXAVITQu4vr4xnSDxMaL", name: "Sarah", preview_url: `${standIn.origin}/previews/sarah.mp3`, labels: { gender: "female" } },
      { voice_id: DEFAULT_NARRATOR_VOICE_ID, name: "George", preview_url: `${standIn.origin}/previews/george.mp3`, labels: { gender: "male" } },
      { voice_id: "SAz9YHcvj6GT2YYXdXww", name: "River", preview_url: `${standIn.origin}/previews/river.mp3`, labels: { gender: "non-binary" } },
    ]);
  });

  it("maps our george to ElevenLabs' George, and finds a premade George under another id", async () => {
    elevenLabs();
    const voices = catalog();
    expect(await voices.resolveVoiceId(DEFAULT_NARRATOR_VOICE_ID)).toBe(ELEVENLABS_GEORGE_ID);
    expect(await voices.resolveVoiceId("EXAVITQu4vr4xnSDxMaL")).toBe("EXAVITQu4vr4xnSDxMaL");

    standIn.answer(() => ({
      json: { voices: [voice("otherGeorgeId000001", "George", "male", `${standIn.origin}/previews/g.mp3`)], has_more: false, total_count: 1, next_page_token: null },
    }));
    const other = catalog();
    expect((await other.list()).map((v) => v.voice_id)).toEqual([DEFAULT_NARRATOR_VOICE_ID]);
    expect(await other.resolveVoiceId(DEFAULT_NARRATOR_VOICE_ID)).toBe("otherGeorgeId000001");
  });

  it("asks for the list once and keeps it", async () => {
    elevenLabs();
    const voices = catalog();
    await Promise.all([voices.list(), voices.list()]);
    await voices.list();
    expect(standIn.requests.filter((r) => r.path === "/v2/voices")).toHaveLength(1);
  });

  it("previews a voice with its MP3, without sending the key to the file's host, and keeps it", async () => {
    elevenLabs();
    const voices = catalog();
    expect(voices.previewContentType).toBe("audio/mpeg");
    const mp3 = await voices.preview(DEFAULT_NARRATOR_VOICE_ID);
    expect(isMp3(mp3)).toBe(true);
    expect(Buffer.from(mp3).equals(previewMp3)).toBe(true);
    const fileRequests = standIn.requests.filter((r) => r.path.startsWith("/previews/"));
    expect(fileRequests.map((r) => r.path)).toEqual(["/previews/george.mp3"]);
    expect(fileRequests[0].headers["xi-api-key"]).toBeUndefined();
    expect(await voices.preview(DEFAULT_NARRATOR_VOICE_ID)).toBe(mp3);
    expect(standIn.requests.filter((r) => r.path.startsWith("/previews/"))).toHaveLength(1);
  });

  it("rejects a preview of an unknown voice, or a preview that is not an MP3", async () => {
    elevenLabs();
    await expect(catalog().preview("nobody")).rejects.toThrow("Unknown voice: nobody");
    standIn.answer((request) => (request.path.startsWith("/previews/") ? { body: "<html>Access denied</html>", headers: { "content-type": "text/html" } } : voicesAnswer()));
    await expect(catalog().preview("EXAVITQu4vr4xnSDxMaL")).rejects.toThrow("ElevenLabs voice preview failed: the file is not an MP3");
  });

  it("does not keep a failed list, and says what failed without the key", async () => {
    let calls = 0;
    standIn.answer(() => (++calls === 1 ? { status: 401, json: { detail: { status: "invalid_api_key", message: `Invalid API key ${KEY}` } } } : voicesAnswer()));
    const voices = catalog();
    const error = (await voices.list().catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^ElevenLabs voice list failed: HTTP 401 \(invalid_api_key\)/);
    expect(error.message).not.toContain(KEY);
    expect(await voices.list()).toHaveLength(3);
  });

  it("pages through /v2/voices with next_page_token until has_more is false", async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => voice(`voice-${from + i}`, `Voice ${from + i}`, "female", `${standIn.origin}/previews/${from + i}.mp3`, "professional"));
    standIn.answer((request) => {
      const token = request.query.get("next_page_token");
      if (!token) return { json: { voices: page(0, 100), has_more: true, total_count: 230, next_page_token: "p2" } };
      if (token === "p2") return { json: { voices: page(100, 100), has_more: true, total_count: 230, next_page_token: "p3" } };
      return { json: { voices: page(200, 30), has_more: false, total_count: 230, next_page_token: null } };
    });
    const voices = await catalog().list();
    expect(voices).toHaveLength(230);
    expect(voices.at(-1)?.voice_id).toBe("voice-229");
    expect(standIn.requests.map((r) => r.query.get("next_page_token"))).toEqual([null, "p2", "p3"]);
  });
});
