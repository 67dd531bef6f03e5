import { describe, expect, it } from "vitest";
import { readWavInfo } from "../../media/wav";
import { DEFAULT_NARRATOR_VOICE_ID } from "../types";
import { OfflineVoiceCatalog } from "./voices";

const catalog = new OfflineVoiceCatalog();

describe("OfflineVoiceCatalog", () => {
  it("lists at least 12 distinct named voices across male, female and neutral", async () => {
    const voices = await catalog.list();
    expect(voices.length).toBeGreaterThanOrEqual(12);
    expect(new Set(voices.map((v) => v.voice_id)).size).toBe(voices.length);
    expect(new Set(voices.map((v) => v.name)).size).toBe(voices.length);
    const genders = new Set(voices.map((v) => v.labels.gender));
    for (const g of ["male", "female", "neutral"]) expect(genders).toContain(g);
    for (const g of ["male", "female", "neutral"]) expect(voices.filter((v) => v.labels.gender === g).length).toBeGreaterThanOrEqual(3);
    for (const v of voices) expect(v.preview_url).toBe(`/api/voices/${v.voice_id}/preview`);
  });

  it("has George, male, as the default narrator", async () => {
    const george = (await catalog.list()).find((v) => v.name === "George");
    expect(george).toBeDefined();
    expect(george?.labels.gender).toBe("male");
    expect(george?.voice_id).toBe(DEFAULT_NARRATOR_VOICE_ID);
  });

  it("previews a voice as a spoken WAV, different per voice", async () => {
    const george = await catalog.preview(DEFAULT_NARRATOR_VOICE_ID);
    const lily = await catalog.preview("lily");
    expect(readWavInfo(george)).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    expect(readWavInfo(george).durationMs).toBeGreaterThan(2000);
    expect(Buffer.from(george).equals(Buffer.from(lily))).toBe(false);
    expect(await catalog.preview(DEFAULT_NARRATOR_VOICE_ID)).toBe(george); // cached
  });

  it("rejects a preview of an unknown voice", async () => {
    await expect(catalog.preview("nobody")).rejects.toThrow(/Unknown voice/);
  });
});
