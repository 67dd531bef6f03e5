import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readWavInfo } from "../../media/wav";
import { DEFAULT_NARRATOR_VOICE_ID } from "../types";
import { ElevenLabsSpeechProvider, splitForSpeech } from "./elevenlabs-speech";
import { MODEL_DEFAULTS } from "./models";
import { ELEVENLABS_GEORGE_ID } from "./elevenlabs-voices";
import { startStandIn, type StandIn } from "./stand-in";

const KEY = "sk_0123456789abcdef0123456789abcdef";
let standIn: StandIn;
let speech: ElevenLabsSpeechProvider;

/** Real 16-bit little-endian mono PCM: a 220 Hz tone of `ms` milliseconds at 22.05 kHz. */
function pcmTone(ms: number): Buffer {
  const count = Math.round((ms / 1000) * 22050);
  const buffer = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i++) buffer.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 22050)), i * 2);
  return buffer;
}
const pcmAnswer = (ms: number) => ({ body: pcmTone(ms), headers: { "content-type": "audio/pcm", "character-cost": "42" } });

beforeAll(async () => {
  standIn = await startStandIn();
  speech = new ElevenLabsSpeechProvider({ apiKey: KEY, baseUrl: `${standIn.origin}/v1` }, { retryBaseMs: 5 });
});
afterAll(() => standIn.close());

describe("ElevenLabsSpeechProvider", () => {
  it("asks for 22.05 kHz PCM with the voice in the path and the key in xi-api-key", async () => {
    standIn.answer(() => pcmAnswer(500));
    await speech.synthesize({ text: "The tide  waits\nfor no one.", voiceId: "EXAVITQu4vr4xnSDxMaL" });
    const [request] = standIn.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL");
    expect(request.query.get("output_format")).toBe("pcm_22050");
    expect(request.headers["xi-api-key"]).toBe(KEY);
    expect(request.headers.authorization).toBeUndefined();
    expect(request.json()).toEqual({ text: "The tide waits for no one.", model_id: MODEL_DEFAULTS.ELEVENLABS_SPEECH_MODEL });
  });

  it("speaks the default narrator with ElevenLabs' George", async () => {
    standIn.answer(() => pcmAnswer(300));
    await speech.synthesize({ text: "Once upon a time.", voiceId: DEFAULT_NARRATOR_VOICE_ID });
    expect(standIn.requests[0].path).toBe(`/v1/text-to-speech/${ELEVENLABS_GEORGE_ID}`);
  });

  it("wraps the PCM in a WAV header whose duration is exactly the samples'", async () => {
    const pcm = pcmTone(1733);
    standIn.answer(() => ({ body: pcm, headers: { "content-type": "audio/pcm" } }));
    const { wav, durationMs } = await speech.synthesize({ text: "Hello there.", voiceId: "voice-a" });
    const info = readWavInfo(wav);
    expect(info).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16, dataBytes: pcm.length });
    expect(durationMs).toBe(Math.round((pcm.length / 2 / 22050) * 1000));
    expect(Math.abs(info.durationMs - durationMs)).toBeLessThan(1);
    expect(Buffer.from(wav.subarray(info.dataOffset)).equals(pcm)).toBe(true);
  });

  it("answers empty text with a short silence and no request", async () => {
    standIn.answer(() => pcmAnswer(100));
    const { wav, durationMs } = await speech.synthesize({ text: "  \n ", voiceId: "voice-a" });
    expect(durationMs).toBe(400);
    expect(readWavInfo(wav).durationMs).toBeCloseTo(400, 0);
    expect(standIn.requests).toHaveLength(0);
  });

  it("speaks very long text in parts and joins the audio", async () => {
    standIn.answer(() => pcmAnswer(250));
    const text = Array.from({ length: 400 }, (_, i) => `This is sentence ${i}.`).join(" ");
    const { durationMs } = await speech.synthesize({ text, voiceId: "voice-a" });
    const parts = standIn.requests.map((r) => r.json<{ text: string }>().text);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join(" ")).toBe(text);
    expect(durationMs).toBe(Math.round(((parts.length * Math.round(0.25 * 22050)) / 22050) * 1000));
  });

  it("retries a 429 and then succeeds", async () => {
    let calls = 0;
    standIn.answer(() =>
      ++calls === 1
        ? { status: 429, headers: { "retry-after": "0" }, json: { detail: { status: "too_many_concurrent_requests", message: "Too many concurrent requests." } } }
        : pcmAnswer(200),
    );
    const { durationMs } = await speech.synthesize({ text: "Again.", voiceId: "voice-a" });
    expect(standIn.requests).toHaveLength(2);
    expect(durationMs).toBe(200);
  });

  it("fails clearly on a 401 without the key, and says an unknown voice is unknown", async () => {
    standIn.answer(() => ({ status: 401, json: { detail: { status: "invalid_api_key", message: `Invalid API key: ${KEY}` } } }));
    const error = (await speech.synthesize({ text: "Hi.", voiceId: "voice-a" }).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^ElevenLabs speech failed: HTTP 401 \(invalid_api_key\)/);
    expect(error.message).not.toContain(KEY);

    standIn.answer(() => ({ status: 404, json: { detail: { status: "voice_not_found", message: "A voice with the voice_id nobody was not found." } } }));
    await expect(speech.synthesize({ text: "Hi.", voiceId: "nobody" })).rejects.toThrow("Unknown voice: nobody");
  });

  it("refuses an MP3 answer instead of reading it as samples", async () => {
    standIn.answer(() => ({ body: Buffer.from([0x49, 0x44, 0x33, 4, 0, 0]), headers: { "content-type": "audio/mpeg" } }));
    await expect(speech.synthesize({ text: "Hi.", voiceId: "voice-a" })).rejects.toThrow("expected PCM audio, got audio/mpeg");
  });
});

describe("splitForSpeech", () => {
  it("cuts at sentence ends under the limit", () => {
    expect(splitForSpeech("One two. Three four. Five six.", 20)).toEqual(["One two. Three four.", "Five six."]);
    expect(splitForSpeech("short", 20)).toEqual(["short"]);
  });
});
