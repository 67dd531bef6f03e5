import { randomUUID } from "node:crypto";
import { putObject } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { assetStoreKeys, findAsset, keepAsset, storedContentKeys } from "@storyboard/core/revision/asset-store";

/**
 * docs/decisions.md#a-reused-frame-is-named-not-copied: a frame is kept with its picture's extension, so a
 * revised render can name it as its block's own; a frame kept before, without one, is still found.
 */
describe("the writer's asset store", () => {
  const owner = () => ({ userId: randomUUID(), screenplayId: randomUUID() });
  const png = (text: string) => ({ bytes: new TextEncoder().encode(text), contentType: "image/png" });

  it("keeps a frame under its content key and its extension, and finds it by the content key", async () => {
    const { userId, screenplayId } = owner();
    await keepAsset(userId, screenplayId, "image", "frame1", png("a PNG"));
    await keepAsset(userId, screenplayId, "image", "frame2", { bytes: new Uint8Array([0xff, 0xd8]), contentType: "image/jpeg" });
    await keepAsset(userId, screenplayId, "audio", "line1", { bytes: new Uint8Array([1, 2]), contentType: "audio/wav" });
    expect(await storedContentKeys(userId, screenplayId, "image")).toEqual(
      new Map([
        ["frame1", "frame1.png"],
        ["frame2", "frame2.jpg"],
      ]),
    );
    expect(await storedContentKeys(userId, screenplayId, "audio")).toEqual(new Map([["line1", "line1"]]));
    const found = await findAsset(userId, screenplayId, "image", "frame1");
    expect(found?.contentType).toBe("image/png");
    expect(new TextDecoder().decode(found!.bytes)).toBe("a PNG");
    // A content key that only begins another's is not that one.
    expect(await findAsset(userId, screenplayId, "image", "frame")).toBeUndefined();
    expect(await findAsset(userId, screenplayId, "image", "frame3")).toBeUndefined();
  });

  it("finds a frame kept before frames had extensions, and prefers the one with an extension when both are kept", async () => {
    const { userId, screenplayId } = owner();
    await putObject(config.mediaBucket, assetStoreKeys.asset(userId, screenplayId, "image", "old"), "old PNG", "image/png");
    expect(await storedContentKeys(userId, screenplayId, "image")).toEqual(new Map([["old", "old"]]));
    expect(new TextDecoder().decode((await findAsset(userId, screenplayId, "image", "old"))!.bytes)).toBe("old PNG");
    await keepAsset(userId, screenplayId, "image", "old", png("new PNG"));
    expect(await storedContentKeys(userId, screenplayId, "image")).toEqual(new Map([["old", "old.png"]]));
    expect(new TextDecoder().decode((await findAsset(userId, screenplayId, "image", "old"))!.bytes)).toBe("new PNG");
  });
});
