import { encodeWav } from "../media/wav";
import { assetFactsName, assetFactsOf, parseAssetFactsName } from "./asset-store";

const KEY = "0011ef82fdd19834c63768085de8baea330ed771";

describe("a kept asset's facts in a key", () => {
  it("carries a frame's content type and a line's length there and back", () => {
    expect(assetFactsName("image", KEY, { contentType: "image/jpeg" })).toBe(`image/${KEY}~image~jpeg`);
    expect(parseAssetFactsName(`image/${KEY}~image~jpeg`)).toEqual({ asset: `image/${KEY}`, facts: { contentType: "image/jpeg" } });
    const line = assetFactsName("audio", KEY, { contentType: "audio/wav", durationMs: 1840 });
    expect(line).toBe(`audio/${KEY}~audio~wav~1840`);
    expect(parseAssetFactsName(line)).toEqual({ asset: `audio/${KEY}`, facts: { contentType: "audio/wav", durationMs: 1840 } });
    // A content type with a suffix after its subtype still comes back whole.
    const svg = assetFactsName("image", KEY, { contentType: "image/svg+xml" });
    expect(parseAssetFactsName(svg)?.facts.contentType).toBe("image/svg+xml");
  });

  it("answers nothing for a name it did not make, so the reader peeks the asset instead", () => {
    for (const name of [
      KEY,
      `image/${KEY}`,
      `image/${KEY}~image`,
      `audio/${KEY}~audio~wav~1.5`,
      `audio/${KEY}~audio~wav~12~3`,
      "~image~jpeg",
    ])
      expect(parseAssetFactsName(name)).toBeUndefined();
  });

  it("takes a line's length as a reused line is timed: the WAV's own, in whole milliseconds", () => {
    const wav = encodeWav({ sampleRate: 22050, channels: 1, samples: new Int16Array(22050 + 12) }); // 1000.54 ms
    expect(assetFactsOf({ bytes: wav, contentType: "audio/wav" })).toEqual({ contentType: "audio/wav", durationMs: 1001 });
    expect(assetFactsOf({ bytes: new Uint8Array([1, 2, 3]), contentType: "image/png" })).toEqual({ contentType: "image/png" });
    // A file that is not the WAV it says it is has no length to record: whoever takes it reads it, and fails as before.
    expect(assetFactsOf({ bytes: new Uint8Array(100), contentType: "audio/wav" })).toEqual({ contentType: "audio/wav" });
  });
});
