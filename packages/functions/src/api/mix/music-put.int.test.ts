import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listKeys } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { ffmpegPath } from "@storyboard/core/media/ffmpeg";
import { createTestUser, type TestUser } from "@storyboard/local/test/fixtures";
import { afterAll, describe, expect, it } from "vitest";

/**
 * A track over the API's 10 MB body limit goes straight to the bucket by a presigned PUT, then the API checks
 * it: kept, or refused with the same messages and deleted (docs/decisions.md#music-uploads-straight-to-the-bucket).
 */
const dir = mkdtempSync(join(tmpdir(), "music-put-it-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const json = { "content-type": "application/json" };

/** A WAV from one of ffmpeg's sources: 44.1 kHz stereo 16-bit is 176 kB a second, so 70 s is over 12 MB. */
function wav(name: string, source: string, seconds: number): Uint8Array {
  const path = join(dir, name);
  execFileSync(ffmpegPath, ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source, "-t", String(seconds), "-ac", "2", "-c:a", "pcm_s16le", path]);
  return readFileSync(path);
}

const post = (user: TestUser, path: string, body: unknown) => user.call(path, { method: "POST", headers: json, body: JSON.stringify(body) });

/** Both steps and the PUT between them, as the browser takes them. */
async function putAndCheck(user: TestUser, fileName: string, bytes: Uint8Array) {
  const presigned = await post(user, "/api/music-uploads/presigned", { fileName, size: bytes.length, rightsConfirmed: true });
  expect(presigned.status).toBe(200);
  const { musicUploadId, url } = await presigned.json();
  const put = await fetch(url, { method: "PUT", body: new Blob([new Uint8Array(bytes)]) });
  expect(put.status).toBe(200);
  const check = await post(user, `/api/music-uploads/${musicUploadId}/check`, { fileName, rightsConfirmed: true });
  return { musicUploadId, check };
}

const keys = async (user: TestUser) => [
  ...(await listKeys(config.mediaBucket, `music/${user.userId}/`)),
  ...(await listKeys(config.mediaBucket, `music-incoming/${user.userId}/`)),
];

describe("a music track sent straight to the bucket", () => {
  it("takes a track between 10 and 20 MB, once, for its writer only", async () => {
    const user = await createTestUser();
    const bytes = wav("big.wav", "sine=f=220:r=44100", 70);
    expect(bytes.length).toBeGreaterThan(10 * 1024 * 1024);
    const { musicUploadId, check } = await putAndCheck(user, "Long Theme.wav", bytes);
    expect(check.status).toBe(200);
    const track = await check.json();
    expect(track).toMatchObject({ musicUploadId, fileName: "Long Theme.wav" });
    expect(Math.round(track.durationMs / 1000)).toBe(70);
    // Moved out of the incoming folder beside its facts.
    expect((await keys(user)).sort()).toEqual([`music/${user.userId}/${musicUploadId}/facts.json`, `music/${user.userId}/${musicUploadId}/track`]);
    // Checking again answers the same track; another writer's check of the id finds nothing.
    expect(await (await post(user, `/api/music-uploads/${musicUploadId}/check`, { fileName: "Long Theme.wav", rightsConfirmed: true })).json()).toEqual(track);
    const other = await createTestUser();
    const stranger = await post(other, `/api/music-uploads/${musicUploadId}/check`, { fileName: "Long Theme.wav", rightsConfirmed: true });
    expect(stranger.status).toBe(404);
  }, 120_000);

  it("refuses with a message and deletes what was put; refuses the size or the rights before anything is sent", async () => {
    const user = await createTestUser();
    const silent = wav("silent.wav", "anullsrc=r=44100:cl=stereo", 65);
    const { check } = await putAndCheck(user, "silence.wav", silent);
    expect(check.status).toBe(400);
    expect((await check.json()).message).toBe("The track is silent. Choose a track with music in it.");
    expect(await keys(user)).toEqual([]);

    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ fileName: "huge.wav", size: 20 * 1024 * 1024 + 1, rightsConfirmed: true }, 413, /20 MB or smaller/],
      [{ fileName: "tune.ogg", size: 1000, rightsConfirmed: true }, 415, /MP3, WAV or M4A/],
      [{ fileName: "tune.mp3", size: 1000, rightsConfirmed: false }, 400, /rights/],
      [{ fileName: "tune.mp3", rightsConfirmed: true }, 400, /size in bytes/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(user, "/api/music-uploads/presigned", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).message).toMatch(message);
    }

    // The length is signed: a different file under the same address is refused by the bucket.
    const presigned = await (await post(user, "/api/music-uploads/presigned", { fileName: "a.wav", size: 5000, rightsConfirmed: true })).json();
    expect((await fetch(presigned.url, { method: "PUT", body: new Blob([new Uint8Array(6000)]) })).status).toBe(403);
    const missing = await post(user, `/api/music-uploads/${presigned.musicUploadId}/check`, { fileName: "a.wav", rightsConfirmed: true });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toMatch(/Upload it again/);
    expect(await keys(user)).toEqual([]);
  }, 120_000);
});
