import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { STYLE_IDS, type StyleId } from "../../catalog/styles";
import type { ImageRequest, SceneInfo } from "../types";
import { readFrame } from "./frame-subjects";
import { OfflineImageProvider, sceneSvg } from "./image";

const provider = new OfflineImageProvider();

const street = (timeOfDay: string): SceneInfo => ({
  heading: `EXT. MAIN STREET - ${timeOfDay}`,
  interior: false,
  location: "MAIN STREET",
  timeOfDay,
});

function request(overrides: Partial<ImageRequest> = {}): ImageRequest {
  return {
    prompt: "Maya confronts Tom on the street.",
    style: "cinematic",
    scene: street("DAY"),
    characters: [
      { name: "Maya", gender: "female" },
      { name: "Tom", gender: "male" },
    ],
    blockType: "dialogue",
    text: "You were supposed to be here an hour ago.",
    seed: "block-1",
    ...overrides,
  };
}

/** RGB pixels of the image scaled down to w x h. */
async function pixels(bytes: Uint8Array, w = 64, h = 36): Promise<Uint8Array> {
  const raw = await sharp(bytes).resize(w, h, { fit: "fill" }).removeAlpha().raw().toBuffer();
  return new Uint8Array(raw);
}

function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** Mean luminance of rows [from, to) of a w-wide RGB buffer. */
function lumaOfRows(px: Uint8Array, w: number, from: number, to: number): number {
  let sum = 0;
  for (let i = from * w * 3; i < to * w * 3; i += 3) sum += 0.299 * px[i] + 0.587 * px[i + 1] + 0.114 * px[i + 2];
  return sum / ((to - from) * w);
}

describe("OfflineImageProvider", () => {
  it("makes a 1280x720 image and says so", async () => {
    const image = await provider.generate(request());
    const meta = await sharp(image.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    expect(image).toMatchObject({ width: 1280, height: 720, contentType: "image/jpeg" });
    expect(meta.format).toBe("jpeg");
  });

  it("can write PNG instead", async () => {
    const image = await new OfflineImageProvider({ format: "png" }).generate(request());
    expect(image.contentType).toBe("image/png");
    expect((await sharp(image.bytes).metadata()).format).toBe("png");
  });

  it("is deterministic: same request, same bytes; another seed, another frame", async () => {
    const a = await provider.generate(request({ style: "noir" }));
    const b = await provider.generate(request({ style: "noir" }));
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    const c = await provider.generate(request({ style: "noir", seed: "block-2" }));
    expect(Buffer.from(a.bytes).equals(Buffer.from(c.bytes))).toBe(false);
  });

  it("gives each of the six styles a measurably different look", async () => {
    const frames = new Map<StyleId, Uint8Array>();
    for (const style of STYLE_IDS) frames.set(style, await pixels((await provider.generate(request({ style }))).bytes));
    for (const a of STYLE_IDS) {
      for (const b of STYLE_IDS) {
        if (a >= b) continue;
        expect(meanAbsDiff(frames.get(a)!, frames.get(b)!), `${a} vs ${b}`).toBeGreaterThan(20);
      }
    }
    // Noir is greyscale; cinematic has letterbox bars; the others keep colour.
    const noir = frames.get("noir")!;
    let chroma = 0;
    for (let i = 0; i < noir.length; i += 3) chroma += Math.abs(noir[i] - noir[i + 2]) + Math.abs(noir[i] - noir[i + 1]);
    expect(chroma / (noir.length / 3)).toBeLessThan(2);
    expect(lumaOfRows(frames.get("cinematic")!, 64, 0, 3)).toBeLessThan(4);
    expect(lumaOfRows(frames.get("documentary")!, 64, 0, 3)).toBeGreaterThan(20);
  });

  it("draws the sky by time of day: night is dark, day is bright, dusk is warm", async () => {
    // Rows 6-12 of 36 (y 120-240): below the letterbox bar, above the desert hills.
    const sky = async (timeOfDay: string) => {
      const scene = { heading: `EXT. DESERT - ${timeOfDay}`, interior: false, location: "DESERT", timeOfDay };
      const px = await pixels((await provider.generate(request({ scene, characters: [] }))).bytes);
      let r = 0,
        b = 0;
      for (let i = 64 * 6 * 3; i < 64 * 12 * 3; i += 3) ((r += px[i]), (b += px[i + 2]));
      return { luma: lumaOfRows(px, 64, 6, 12), warmth: (r - b) / (64 * 6) };
    };
    const [day, night, dusk] = [await sky("DAY"), await sky("NIGHT"), await sky("DUSK")];
    expect(day.luma - night.luma).toBeGreaterThan(60);
    expect(dusk.warmth).toBeGreaterThan(day.warmth + 20);
  });

  it("draws interiors differently from exteriors, and places the characters", async () => {
    const exterior = await pixels((await provider.generate(request())).bytes);
    const kitchen = await pixels(
      (
        await provider.generate(
          request({ scene: { heading: "INT. KITCHEN - DAY", interior: true, location: "KITCHEN", timeOfDay: "DAY" } }),
        )
      ).bytes,
    );
    expect(meanAbsDiff(exterior, kitchen)).toBeGreaterThan(15);

    const empty = await pixels((await provider.generate(request({ characters: [] }))).bytes);
    const crowd = await pixels(
      (
        await provider.generate(
          request({
            characters: [
              { name: "Maya", gender: "female" },
              { name: "Tom", gender: "male" },
              { name: "Sam", gender: "neutral" },
            ],
          }),
        )
      ).bytes,
    );
    expect(meanAbsDiff(empty, crowd)).toBeGreaterThan(4);
    const other = await pixels(
      (
        await provider.generate(
          request({
            characters: [
              { name: "Vera", gender: "female" },
              { name: "Bo", gender: "male" },
            ],
          }),
        )
      ).bytes,
    );
    expect(meanAbsDiff(exterior, other)).toBeGreaterThan(1);
  });

  it("follows an on-demand prompt: two prompts for the same block give measurably different frames", async () => {
    const park: SceneInfo = { heading: "EXT. PARK - DAY", interior: false, location: "PARK", timeOfDay: "DAY" };
    const block = { scene: park, characters: [{ name: "AUTHOR", gender: "female" as const }], blockType: "action", seed: "b0007-extra" };
    const terrier = await pixels((await provider.generate(request({ ...block, prompt: "A terrier on a bench in the rain" }))).bytes);
    const night = await pixels(
      (await provider.generate(request({ ...block, prompt: "AUTHOR beside a car under a streetlight at night" }))).bytes,
    );
    expect(meanAbsDiff(terrier, night)).toBeGreaterThan(25);
    // The rain darkens the sky against the same park by day with nothing named.
    const plain = await pixels((await provider.generate(request({ ...block, prompt: "The park" }))).bytes);
    expect(lumaOfRows(plain, 64, 6, 12) - lumaOfRows(terrier, 64, 6, 12)).toBeGreaterThan(15);
    expect(lumaOfRows(plain, 64, 6, 12) - lumaOfRows(night, 64, 6, 12)).toBeGreaterThan(60);
  });

  it("draws an animal when the prompt names one, and a person only when asked", () => {
    const park: SceneInfo = { heading: "EXT. PARK - DAY", interior: false, location: "PARK", timeOfDay: "DAY" };
    const base = request({ scene: park, characters: [{ name: "AUTHOR", gender: "female" }], blockType: "action" });
    const terrier = readFrame({ ...base, prompt: "A terrier on a bench in the rain" });
    expect(terrier.subjects).toEqual([{ gender: "neutral", kind: "animal", shape: "small", species: "terrier" }]);
    expect(terrier).toMatchObject({ objects: ["bench"], weather: "rain" });
    // A woman on the bench is drawn differently from a terrier on it.
    expect(sceneSvg({ ...base, prompt: "A terrier on a bench" })).not.toEqual(sceneSvg({ ...base, prompt: "A woman on a bench" }));
    // A character that is an animal in the pipeline's own prompt is drawn as one, with its name.
    const dog = readFrame({
      ...base,
      prompt:
        "Medium shot. Setting: EXT. PARK - DAY. Characters: DOG: A dog. Seen: DOG runs up; AUTHOR: A woman in her 40s. Moment: DOG runs up to her. Style: film still",
      characters: [
        { name: "DOG", gender: "neutral" },
        { name: "AUTHOR", gender: "female" },
      ],
    });
    expect(dog.subjects.map((s) => [s.name, s.kind])).toEqual([
      ["DOG", "animal"],
      ["AUTHOR", "person"],
    ]);
  });

  it("shows an interior's rain, snow or storm through its windows, never across its walls", async () => {
    const kitchen: SceneInfo = { heading: "INT. KITCHEN - DAY", interior: true, location: "KITCHEN", timeOfDay: "DAY" };
    const indoors = (prompt: string) => request({ scene: kitchen, characters: [], blockType: "action", prompt, text: prompt });
    const dry = await pixels((await provider.generate(indoors("She waits by the sink."))).bytes);
    for (const [prompt, kind] of [
      ["Rain lashes the kitchen window. She waits by the sink.", "rain"],
      ["Snow falls outside. She waits by the sink.", "snow"],
      ["A storm rages outside. She waits by the sink.", "storm"],
    ] as const) {
      expect(readFrame(indoors(prompt))).toMatchObject({ weather: kind, layout: { interior: true } });
      const wet = await pixels((await provider.generate(indoors(prompt))).bytes);
      // The window band (rows 6-15 of 36, y 120-300) changes; the floor (rows 27-33) does not.
      let windowBand = 0;
      for (let i = 64 * 6 * 3; i < 64 * 16 * 3; i++) windowBand += Math.abs(wet[i] - dry[i]);
      expect(windowBand / (64 * 10 * 3), kind).toBeGreaterThan(4);
      let floor = 0;
      for (let i = 64 * 27 * 3; i < 64 * 33 * 3; i++) floor += Math.abs(wet[i] - dry[i]);
      expect(floor / (64 * 6 * 3), kind).toBeLessThan(1);
    }
  });

  it("copes with a block that has no scene", async () => {
    const image = await provider.generate(request({ scene: undefined, characters: [], blockType: "transition", text: "CUT TO:" }));
    expect((await sharp(image.bytes).metadata()).width).toBe(1280);
  });
});
