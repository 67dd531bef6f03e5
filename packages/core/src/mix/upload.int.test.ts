/**
 * Two checks of the same music upload at once, against the local S3 and DynamoDB
 * (docs/decisions.md#one-check-of-a-music-upload-at-a-time). Sent over HTTP, the
 * two mostly run in step and both pass; the race that answered a 500 needs the
 * second check's download to come after the first has finished (and deleted the
 * incoming object), so the test holds every download but the first until one
 * check has answered.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withActor } from "../actor";
import { listKeys, putObject } from "../blob/s3";
import { config } from "../config";
import { ffmpegPath } from "../media/ffmpeg";
import { checkMusicPut, incomingMusicKey } from "./upload";

const gate = vi.hoisted(() => ({ downloads: 0, opened: Promise.resolve(), open: () => {}, copyFails: false }));
beforeEach(() => {
  gate.downloads = 0;
  gate.copyFails = false;
  gate.opened = new Promise<void>((resolve) => (gate.open = resolve));
});

vi.mock("../blob/s3", async (importOriginal) => {
  const real = await importOriginal<typeof import("../blob/s3")>();
  return {
    ...real,
    downloadFile: async (...args: Parameters<typeof real.downloadFile>) => {
      if (++gate.downloads > 1) await gate.opened;
      return real.downloadFile(...args);
    },
    copyObject: async (...args: Parameters<typeof real.copyObject>) => {
      if (gate.copyFails)
        throw Object.assign(new Error("We encountered an internal error."), { name: "InternalError", $metadata: { httpStatusCode: 500 } });
      return real.copyObject(...args);
    },
  };
});

const dir = mkdtempSync(join(tmpdir(), "music-check-race-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An 8 s track from one of ffmpeg's sources, put in the incoming folder; and a check of it as that user. */
async function putTrack(source: string) {
  const userId = randomUUID();
  const musicUploadId = randomUUID();
  const path = join(dir, `${musicUploadId}.wav`);
  execFileSync(ffmpegPath, ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source, "-t", "8", path]);
  await putObject(config.mediaBucket, incomingMusicKey(userId, musicUploadId), readFileSync(path), "application/octet-stream");
  const actor = { type: "user" as const, userId, roles: [], sessionId: randomUUID() };
  const check = () =>
    withActor(actor, () => checkMusicPut(musicUploadId, { fileName: "Twice.wav", rightsConfirmed: true })).finally(gate.open);
  return { userId, musicUploadId, check };
}

describe("two checks of one music upload at once", () => {
  it("answer the same track, checked once and stored once, with nothing left in the incoming folder", async () => {
    const { userId, musicUploadId, check } = await putTrack("sine=f=330:r=44100");
    const [first, second] = await Promise.allSettled([check(), check()]);

    expect(first.status === "fulfilled" ? first.value : first.reason).toMatchObject({
      musicUploadId,
      fileName: "Twice.wav",
      durationMs: 8000,
    });
    expect(second.status === "fulfilled" ? second.value : second.reason).toEqual(first.status === "fulfilled" ? first.value : null);
    // The second answered what the first kept: one download, one track, one set of facts.
    expect(gate.downloads).toBe(1);
    expect(await listKeys(config.mediaBucket, `music/${userId}/`)).toEqual(
      [`music/${userId}/${musicUploadId}/facts.json`, `music/${userId}/${musicUploadId}/track`].sort(),
    );
    expect(await listKeys(config.mediaBucket, `music-incoming/${userId}/`)).toEqual([]);
  }, 60_000);

  it("after a refusal: the first answers why, the second that the track is gone, and nothing is kept", async () => {
    const { userId, check } = await putTrack("anullsrc=r=44100:cl=stereo");
    const answers = await Promise.allSettled([check(), check()]);
    // Whichever took the lease first refused it.
    const [refused, gone] = answers
      .map((answer) => (answer.status === "rejected" ? answer.reason : answer.value))
      .sort((a, b) => a.status - b.status);
    expect(refused).toMatchObject({ status: 400, message: "The track is silent. Choose a track with music in it." });
    expect(gone).toMatchObject({ status: 404, message: expect.stringMatching(/did not arrive, or it has expired/) });
    expect(gate.downloads).toBe(1);
    expect([
      ...(await listKeys(config.mediaBucket, `music/${userId}/`)),
      ...(await listKeys(config.mediaBucket, `music-incoming/${userId}/`)),
    ]).toEqual([]);
  }, 60_000);

  it("keeps the uploaded track when the check fails on our side, so checking it again needs no new upload", async () => {
    const { userId, musicUploadId, check } = await putTrack("sine=f=220:r=44100");
    gate.copyFails = true;
    await expect(check()).rejects.toMatchObject({ name: "InternalError" });
    expect(await listKeys(config.mediaBucket, incomingMusicKey(userId, musicUploadId))).toHaveLength(1);
    gate.copyFails = false;
    gate.downloads = 0;
    await expect(check()).resolves.toMatchObject({ musicUploadId, durationMs: 8000 });
    expect(await listKeys(config.mediaBucket, incomingMusicKey(userId, musicUploadId))).toEqual([]);
  });
});
