import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listKeys } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { ffmpegPath } from "@storyboard/core/media/ffmpeg";
import { measureFile } from "@storyboard/core/mix/loudness";
import { readOtio } from "@storyboard/core/timeline/fixtures/readers";
import { createTestUser, eventually, type TestUser, uploadScreenplay } from "@storyboard/local/test/fixtures";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";

/** The writer's music track (docs/decisions.md#music-uploads) and the render's mix (docs/decisions.md#the-sound-mix). */
const dir = mkdtempSync(join(tmpdir(), "music-it-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const json = { "content-type": "application/json" };

/** A file made by ffmpeg from one of its own sources. */
function made(name: string, source: string, args: string[] = []): Uint8Array {
  const path = join(dir, name);
  execFileSync(ffmpegPath, ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source, ...args, path]);
  return readFileSync(path);
}

function upload(user: TestUser, fileName: string, bytes: Uint8Array, rights = true) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)]), fileName);
  if (rights) form.set("rightsConfirmed", "true");
  return user.call("/api/music-uploads", { method: "POST", body: form });
}

const stored = (user: TestUser) => listKeys(config.mediaBucket, `music/${user.userId}/`);

async function readyScreenplay(user: TestUser): Promise<string> {
  const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
  await eventually(async () => ((await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready" ? true : null));
  return screenplayId;
}

/**
 * One writer and screenplay for both mix tests: the second render takes the first one's pictures and lines from the
 * writer's asset store instead of making them again; what these tests check, the mix, stems and lanes, is made anew.
 */
let mixWriter: Promise<{ user: TestUser; screenplayId: string }> | undefined;
const mixScreenplay = () =>
  (mixWriter ??= (async () => {
    const user = await createTestUser({ points: 2000 });
    return { user, screenplayId: await readyScreenplay(user) };
  })());

async function renderWith(user: TestUser, settings: Record<string, unknown>, screenplayId?: string) {
  screenplayId ??= await readyScreenplay(user);
  const res = await user.call("/api/renders", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ screenplayId, title: "Mixed", style: "noir", previewDescriptionsBeforeFirstImages: false, previewImagesBeforeFirstRender: false, ...settings }),
  });
  return res;
}

async function finished(user: TestUser, id: string) {
  return eventually(async () => {
    const body = await (await user.call(`/api/renders/${id}`)).json();
    if (body.status === "failed") throw new Error(`Render failed: ${body.failureReason}`);
    return body.status === "complete" ? body : null;
  }, 180_000);
}

const mediaBytes = async (user: TestUser, key: string) => new Uint8Array(await (await user.call(`/api/media/${key}`)).arrayBuffer());

describe("uploading a music track", () => {
  it("refuses what is not a usable track with a message, and keeps nothing", async () => {
    const user = await createTestUser();
    const cases: [string, Uint8Array, boolean, number, RegExp][] = [
      ["notes.mp3", new TextEncoder().encode("INT. HARBOUR - NIGHT\nThis is not music."), true, 400, /not an audio track we can read/],
      ["silence.wav", made("silence.wav", "anullsrc=r=22050:cl=mono", ["-t", "10"]), true, 400, /silent/],
      ["long.mp3", made("long.mp3", "sine=f=220:r=8000", ["-t", "960", "-c:a", "libmp3lame", "-b:a", "8k"]), true, 400, /16 minutes long; the longest we take is 15 minutes/],
      ["blip.wav", made("blip.wav", "sine=f=440:r=22050", ["-t", "2"]), true, 400, /under 5 seconds/],
      // Over the limit: the API's own body limit (10 MB, as API Gateway's) answers before the track's 20 MB rule.
      ["big.wav", new Uint8Array(20 * 1024 * 1024 + 1), true, 413, /larger than the 10 MB limit|20 MB or smaller/],
      ["tune.ogg", new Uint8Array(1000), true, 415, /MP3, WAV or M4A/],
      ["tune.mp3", made("tune.mp3", "sine=f=330:r=44100", ["-t", "8"]), false, 400, /rights/],
      ["clip.m4a", made("clip.mp4", "testsrc=size=64x64:rate=5", ["-t", "6", "-f", "mp4"]), true, 400, /not an audio track/],
    ];
    for (const [name, bytes, rights, status, message] of cases) {
      const res = await upload(user, name, bytes, rights);
      expect(res.status, name).toBe(status);
      expect((await res.json()).message, name).toMatch(message);
    }
    expect(await stored(user)).toEqual([]);
  }, 120_000);

  it("keeps a good track for the writer's renders only: another writer's render naming it is a 404", async () => {
    const user = await createTestUser({ points: 1000 });
    const res = await upload(user, "Harbour Theme.mp3", made("theme.mp3", "sine=f=220:r=44100", ["-t", "12", "-af", "volume=-12dB"]));
    expect(res.status).toBe(200);
    const track = await res.json();
    expect(track).toMatchObject({ fileName: "Harbour Theme.mp3", musicUploadId: expect.any(String) });
    expect(track.durationMs).toBeGreaterThan(11_500);
    expect(track.loudnessLufs).toBeLessThan(-10);

    const other = await createTestUser({ points: 1000 });
    const refused = await renderWith(other, { music: "upload", musicUploadId: track.musicUploadId });
    expect(refused.status).toBe(404);
    expect((await refused.json()).message).toBe("That music track was not found. Upload it again.");
    const unnamed = await renderWith(other, { music: "upload" });
    expect(unnamed.status).toBe(400);
    expect((await unnamed.json()).message).toBe("Upload a music track, or choose generated music or none.");
    expect((await (await other.call("/api/points/balance")).json()).points ?? 1000).toBe(1000);

    // The owner's render plays it under the film: a music stem in the zip, the mix at the target.
    const own = await renderWith(user, { music: "upload", musicUploadId: track.musicUploadId });
    expect(own.status).toBe(200);
    const done = await finished(user, (await own.json()).id);
    const zip = unzipSync(await mediaBytes(user, done.projectZipPath));
    expect(zip["stems/music.wav"]?.length).toBeGreaterThan(1000);
    const mp4 = join(dir, "uploaded.mp4");
    writeFileSync(mp4, await mediaBytes(user, done.outputFilePath));
    const loudness = await measureFile(mp4);
    expect(Math.abs(loudness.integrated + 16)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);
  }, 300_000);
});

describe("a render's sound mix", () => {
  it("with generated music: −16 LUFS, peaks under −1 dBTP, three stems in the zip and a music lane in the timelines", async () => {
    const { user, screenplayId } = await mixScreenplay();
    const res = await renderWith(user, { music: "generated", mixLevels: { dialogue: 0, narration: -2, music: -12 } }, screenplayId);
    expect(res.status).toBe(200);
    const done = await finished(user, (await res.json()).id);
    const mp4 = join(dir, "mixed.mp4");
    writeFileSync(mp4, await mediaBytes(user, done.outputFilePath));
    const loudness = await measureFile(mp4);
    expect(Math.abs(loudness.integrated + 16)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);
    const zip = unzipSync(await mediaBytes(user, done.projectZipPath));
    expect(Object.keys(zip).filter((n) => n.startsWith("stems/")).sort()).toEqual(["stems/dialogue.wav", "stems/music.wav", "stems/narration.wav"]);
    const otio = readOtio(Buffer.from(zip["timeline/storyboard.otio"]).toString("utf8"));
    expect(otio.tracks.map((t) => t.name)).toContain("Music");
    expect(Buffer.from(zip["timeline/storyboard.xml"]).toString("utf8")).toContain("../stems/music.wav");
  }, 240_000);

  it("without music: the voices' stems only and no music lane", async () => {
    const { user, screenplayId } = await mixScreenplay();
    const res = await renderWith(user, { music: "none" }, screenplayId);
    const done = await finished(user, (await res.json()).id);
    const zip = unzipSync(await mediaBytes(user, done.projectZipPath));
    expect(Object.keys(zip).filter((n) => n.startsWith("stems/")).sort()).toEqual(["stems/dialogue.wav", "stems/narration.wav"]);
    const otio = readOtio(Buffer.from(zip["timeline/storyboard.otio"]).toString("utf8"));
    expect(otio.tracks.map((t) => t.name)).not.toContain("Music");
    expect(Buffer.from(zip["timeline/storyboard.fcpxml"]).toString("utf8")).not.toContain("music");
  }, 240_000);
});
