import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ffmpeg } from "../../media/ffmpeg";
import { OfflineSpeechProvider } from "./speech";
import { PAUSE_MS, normaliseForSpeech, speechPlan } from "./speech-plan";
import { numberWords, ordinalWords, spokenNumbers, yearWords } from "./spoken-numbers";

describe("the offline speech plan (docs/decisions.md#offline-speech-reads-like-a-reading)", () => {
  it("pauses at commas, clauses and full stops", () => {
    const plan = speechPlan("Wait, listen. The sea; the wind.");
    expect(plan.ssml).toBe(
      `<speak>Wait,<break time="${PAUSE_MS.comma}ms"/> listen. <break time="${PAUSE_MS.stop}ms"/> The sea;<break time="${PAUSE_MS.clause}ms"/> the wind.</speak>`,
    );
  });

  it("lifts the end of a question", () => {
    expect(speechPlan("Where were you last night?").ssml).toBe('<speak>Where were <prosody pitch="+25%">you last night?</prosody></speak>');
    expect(speechPlan("You came.").ssml).not.toContain("pitch");
  });

  it("makes a beat a pause and never reads a parenthetical aloud", () => {
    const plan = speechPlan("I know. (beat) I always knew. (to Tom) Go.");
    expect(plan.words).toBe("I know. I always knew. Go.");
    expect(plan.ssml).toContain(`<break time="${PAUSE_MS.beat}ms"/>`);
  });

  it("whispers quietly and shouts loudly, from the parenthetical before the line or inside it", () => {
    expect(speechPlan("Get down.", ["whispering"])).toMatchObject({ volume: 45, manner: ["whisper"] });
    expect(speechPlan("(shouting) Get down!")).toMatchObject({ volume: 170, manner: ["shout"], words: "Get down!" });
    expect(speechPlan("Get down.", ["whispering"]).ssml).toMatch(/^<speak><prosody volume="45" rate="92%">/);
    expect(speechPlan("Get down.")).toMatchObject({ volume: 100, rate: 1, manner: [] });
  });

  it("puts a phone or radio voice through its filter, and V.O. and O.S. change the delivery", () => {
    expect(speechPlan("Hello?", ["on phone"]).filter).toBe("phone");
    expect(speechPlan("Unit nine, respond.", ["over radio"]).filter).toBe("radio");
    expect(speechPlan("I was young then.", ["V.O."])).toMatchObject({ manner: ["voice-over"], rate: 0.95 });
    expect(speechPlan("I was young then.", ["V.O."]).filter).toBeUndefined();
    expect(speechPlan("Is anyone there?", ["O.S."])).toMatchObject({ manner: ["off-screen"], volume: 70 });
    expect(speechPlan("Quiet!", ["whispering", "O.S."]).volume).toBe(Math.round(45 * 0.7));
  });

  it("reads titles, abbreviations and numbers as words", () => {
    expect(normaliseForSpeech("Mr. Smith and Dr. Jones met Mrs. Hall on St. Mark's at 10:30.")).toBe(
      "Mister Smith and Doctor Jones met Missus Hall on Saint Mark's at ten thirty.",
    );
    expect(normaliseForSpeech("Lt. Dan owes me $5.50, i.e. 10% of 1,200 etc.")).toBe(
      "Lieutenant Dan owes me five dollars and fifty cents, that is ten percent of one thousand two hundred et cetera",
    );
    expect(spokenNumbers("In 1999 she was 21st of 42, at 3.5 points, by 7:05 in 2024.")).toBe(
      "In nineteen ninety-nine she was twenty-first of forty-two, at three point five points, by seven oh five in twenty twenty-four.",
    );
    expect([numberWords(0), numberWords(105), numberWords(1_000_001), yearWords(2005), yearWords(1900), ordinalWords(12), ordinalWords(40)]).toEqual([
      "zero",
      "one hundred and five",
      "one million and one",
      "two thousand five",
      "nineteen hundred",
      "twelfth",
      "fortieth",
    ]);
  });
});

/** Silences of at least `minSeconds` in a WAV, as ffmpeg's silencedetect reports them. */
async function silences(wav: Uint8Array, minSeconds: number): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), "pause-"));
  try {
    const file = join(dir, "line.wav");
    await writeFile(file, wav);
    // silencedetect reports at the info level; the runner asks for errors only, and the last -loglevel wins.
    const { stderr } = await ffmpeg(["-loglevel", "info", "-i", file, "-af", `silencedetect=noise=-40dB:d=${minSeconds}`, "-f", "null", "-"]);
    return [...stderr.matchAll(/silence_duration: ([\d.]+)/g)].map((m) => Number(m[1]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("the offline voice's pauses, measured", () => {
  it("leaves a beat's silence in the audio where the line says (beat)", async () => {
    const speech = new OfflineSpeechProvider();
    const withBeat = await speech.synthesize({ text: "I know. (beat) I always knew.", voiceId: "george" });
    const found = await silences(withBeat.wav, 0.6);
    expect(found.some((s) => s >= 0.6 && s < 2)).toBe(true);
    const without = await speech.synthesize({ text: "I know I always knew.", voiceId: "george" });
    expect(await silences(without.wav, 0.6)).toEqual([]);
  }, 60_000);
});
