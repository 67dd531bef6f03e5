import { beforeEach, describe, expect, it, vi } from "vitest";
import { withActor } from "../actor";

/**
 * The bucket as two checks of one presigned upload see it when the other check finishes first: it has read no
 * facts yet, then the incoming track is gone (moved, or deleted as refused) before this one can read it.
 */
const bucket = vi.hoisted(() => ({ objects: new Map<string, string>(), takeBeforeDownload: undefined as undefined | (() => void) }));
vi.mock("../blob/s3", async (original) => ({
  ...(await original<typeof import("../blob/s3")>()),
  listKeys: async (_bucket: string, prefix: string) => [...bucket.objects.keys()].filter((k) => k.startsWith(prefix)),
  getObjectJson: async (_bucket: string, key: string) => JSON.parse(bucket.objects.get(key)!),
  deleteKeys: async (_bucket: string, keys: string[]) => keys.forEach((k) => bucket.objects.delete(k)),
  downloadFile: async (_bucket: string, key: string) => {
    bucket.takeBeforeDownload?.();
    if (!bucket.objects.has(key)) throw Object.assign(new Error("The specified key does not exist."), { name: "NoSuchKey" });
    throw new Error("not reached in these tests");
  },
}));

const { checkMusicPut, incomingMusicKey } = await import("./upload");

const userId = "u-race";
const id = "0b6a4f6e-3f4e-4c53-9d4e-2a4b5c6d7e8f";
const as = <T>(fn: () => Promise<T>) => withActor({ type: "user", userId, roles: [], sessionId: "s" }, fn);
const facts = { musicUploadId: id, fileName: "theme.mp3", durationMs: 120_000, loudnessLufs: -14 };

describe("two checks of one uploaded track at once", () => {
  beforeEach(() => {
    bucket.objects = new Map([[incomingMusicKey(userId, id), "bytes"]]);
  });

  it("the later one answers the upload the first accepted, not a 500", async () => {
    bucket.takeBeforeDownload = () => {
      bucket.objects.set(`music/${userId}/${id}/track`, "bytes");
      bucket.objects.set(`music/${userId}/${id}/facts.json`, JSON.stringify(facts));
      bucket.objects.delete(incomingMusicKey(userId, id));
    };
    await expect(as(() => checkMusicPut(id, { fileName: "theme.mp3", rightsConfirmed: true }))).resolves.toEqual(facts);
  });

  it("the later one answers 404 with what to do when the first refused the track", async () => {
    bucket.takeBeforeDownload = () => bucket.objects.delete(incomingMusicKey(userId, id));
    await expect(as(() => checkMusicPut(id, { fileName: "theme.mp3", rightsConfirmed: true }))).rejects.toMatchObject({
      code: "not_found",
      message: expect.stringMatching(/Upload it again/),
    });
  });
});
