import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ASPECTS } from "../../catalog/aspects";
import { imageRequestSize } from "../cloud/models";
import type { ImageRequest } from "../types";
import { OfflineImageProvider } from "./image";

const provider = new OfflineImageProvider({ format: "png" });
const request = (overrides: Partial<ImageRequest> = {}): ImageRequest => ({
  prompt: "Maya confronts Tom on the street.",
  style: "documentary",
  scene: { heading: "EXT. MAIN STREET - DAY", interior: false, location: "MAIN STREET", timeOfDay: "DAY" },
  characters: [
    { name: "Maya", gender: "female" },
    { name: "Tom", gender: "male" },
  ],
  blockType: "dialogue",
  text: "You were supposed to be here an hour ago.",
  seed: "block-1",
  ...overrides,
});

/** Mean brightness (0-255) of rows [from, to) of an RGB image. */
async function rowBrightness(bytes: Uint8Array, from: number, to: number): Promise<number> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = from * info.width * 3; i < to * info.width * 3; i++) sum += data[i];
  return sum / ((to - from) * info.width * 3);
}

describe("offline frames at the render's aspect", () => {
  it("draws every aspect at its size", async () => {
    for (const aspect of ASPECTS) {
      const image = await provider.generate(request({ aspect: aspect.id }));
      const meta = await sharp(image.bytes).metadata();
      expect([meta.width, meta.height, image.width, image.height]).toEqual([aspect.width, aspect.height, aspect.width, aspect.height]);
    }
  });

  it("fills a vertical frame above and below the stage with the scene, not black", async () => {
    const image = await provider.generate(request({ aspect: "9:16" }));
    expect(await rowBrightness(image.bytes, 0, 100)).toBeGreaterThan(40);
    expect(await rowBrightness(image.bytes, 1180, 1280)).toBeGreaterThan(20);
  });

  it("letterboxes Cinematic Realism to 2.39:1 inside 16:9 and 1.85:1, and not at 2.39:1 itself", async () => {
    const style = "cinematic" as const;
    const sixteen = await provider.generate(request({ style, aspect: "16:9" }));
    const flat = await provider.generate(request({ style, aspect: "1.85:1" }));
    const scope = await provider.generate(request({ style, aspect: "2.39:1" }));
    expect(await rowBrightness(sixteen.bytes, 0, 90)).toBe(0);
    expect(await rowBrightness(flat.bytes, 0, 76)).toBe(0);
    expect(await rowBrightness(scope.bytes, 0, 10)).toBeGreaterThan(10);
  });

  it("asks the cloud model for the aspect's own shape", () => {
    expect(imageRequestSize("gpt-image-2", 16 / 9)).toEqual({ width: 1536, height: 864 });
    expect(imageRequestSize("gpt-image-2", 9 / 16)).toEqual({ width: 864, height: 1536 });
    expect(imageRequestSize("gpt-image-2", 1)).toEqual({ width: 1536, height: 1536 });
    expect(imageRequestSize("gpt-image-2", 2.39)).toEqual({ width: 1536, height: 640 });
    expect(imageRequestSize("gpt-image-1", 9 / 16)).toEqual({ width: 1024, height: 1536 });
  });
});
