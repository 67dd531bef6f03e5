import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { probe } from "@storyboard/core/media/ffmpeg";
import { readCmx3600, readFcpxml, readOtio, readXmeml, xmllint } from "@storyboard/core/timeline/fixtures/readers";
import { createTestUser, eventually, type TestUser, uploadScreenplay } from "@storyboard/local/test/fixtures";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";

const json = { "content-type": "application/json" };
const dir = mkdtempSync(join(tmpdir(), "timeline-it-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function uploadReady(user: TestUser) {
  const { id } = await (await uploadScreenplay(user, "fdx")).json();
  return eventually(async () => {
    const body = await (await user.call(`/api/screenplays/${id}`)).json();
    return body.status === "ready" ? body : null;
  });
}

async function media(user: TestUser, key: string) {
  const res = await user.call(`/api/media/${key}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

describe("a finished render's editing timelines", () => {
  it("are in the project zip at the chosen rate, as long as the MP4 within a frame, their media in the zip; and download at any rate", async () => {
    const user = await createTestUser({ points: 1000 });
    const screenplay = await uploadReady(user);
    const created = await user.call("/api/renders", {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        screenplayId: screenplay.id,
        title: "Timeline Render",
        style: "noir",
        previewDescriptionsBeforeFirstImages: false,
        previewImagesBeforeFirstRender: false,
        timelineFps: "23.976",
      }),
    });
    expect(created.status).toBe(200);
    const { id } = await created.json();
    const early = await user.call(`/api/renders/${id}/timelines/edl`);
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe("The editing timelines are ready once the video is made.");

    const done = await eventually(async () => {
      const body = await (await user.call(`/api/renders/${id}`)).json();
      if (body.status === "failed") throw new Error(`Render failed: ${body.failureReason}`);
      return body.status === "complete" ? body : null;
    }, 120_000);
    const mp4 = join(dir, "video.mp4");
    writeFileSync(mp4, await media(user, done.outputFilePath));
    const videoSeconds = (await probe(mp4)).duration;
    const shots = done.screenplaySnapshot.blocks.filter((b: { hasMedia: boolean }) => b.hasMedia).length;

    const zip = unzipSync(new Uint8Array(await media(user, done.projectZipPath)));
    const frame = 1001 / 24000;
    const fcpxml = readFcpxml(text(zip["timeline/storyboard.fcpxml"]));
    const xmeml = readXmeml(text(zip["timeline/storyboard.xml"]));
    const otio = readOtio(text(zip["timeline/storyboard.otio"]));
    const edl = readCmx3600(text(zip["timeline/storyboard.edl"]), 24);
    expect(fcpxml.frameSeconds).toBeCloseTo(frame, 12);
    expect(xmllint(text(zip["timeline/storyboard.fcpxml"])).ok).toBe(true);
    expect(xmllint(text(zip["timeline/storyboard.xml"])).ok).toBe(true);
    const edlSeconds = (edl.events.at(-1)!.recordOut * 1001) / 24000;
    const sums = {
      fcpxml: fcpxml.cuts.reduce((s, c) => s + c.durationSeconds, 0),
      xmeml: xmeml.cuts.reduce((s, c) => s + c.durationSeconds, 0),
      otio: otio.cuts.reduce((s, c) => s + c.durationSeconds, 0),
      edl: edl.events.reduce((s, e) => s + (e.recordOut - e.recordIn), 0) * frame,
    };
    for (const [format, seconds] of Object.entries(sums)) {
      expect({ format, off: Math.abs(seconds - videoSeconds) <= frame }).toEqual({ format, off: true });
    }
    expect(sums.edl).toBeCloseTo(edlSeconds, 9);
    for (const cuts of [fcpxml.cuts, xmeml.cuts, otio.cuts]) expect(cuts).toHaveLength(shots);
    expect(edl.events).toHaveLength(shots);

    // Every file the timelines name is in the zip, one folder up from timeline/.
    const inZip = (relative: string) => posix.normalize(posix.join("timeline", decodeURI(relative)));
    const named = [
      ...[...text(zip["timeline/storyboard.fcpxml"]).matchAll(/src="([^"]+)"/g)].map((m) => m[1]),
      ...[...text(zip["timeline/storyboard.xml"]).matchAll(/<pathurl>([^<]+)<\/pathurl>/g)].map((m) => m[1]),
      ...[...text(zip["timeline/storyboard.otio"]).matchAll(/"target_url": "([^"]+)"/g)].map((m) => m[1]),
      ...edl.events.flatMap((e) => e.comments.filter((c) => c.startsWith("SOURCE FILE: ")).map((c) => c.slice(13))),
    ];
    expect(named.length).toBeGreaterThanOrEqual(shots * 2);
    expect(named.filter((n) => !zip[inZip(n)])).toEqual([]);

    // The render page's downloads: any rate, as attachments.
    const download = await user.call(`/api/renders/${id}/timelines/fcpxml?fps=30`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="storyboard.fcpxml"');
    const at30 = readFcpxml(await download.text());
    expect(at30.frameSeconds).toBe(1 / 30);
    expect(Math.abs(at30.durationSeconds - videoSeconds)).toBeLessThanOrEqual(1 / 30);
    const edl25 = readCmx3600(await (await user.call(`/api/renders/${id}/timelines/edl?fps=25`)).text(), 25);
    expect(edl25.events).toHaveLength(shots);
  }, 180_000);

  it("refuses an unknown rate or format with a message, and keeps another user's render private (404)", async () => {
    const owner = await createTestUser({ points: 1000 });
    const other = await createTestUser();
    const screenplay = await uploadReady(owner);
    // No timelineFps: the render's zip gets the video's own rate.
    const created = await owner.call("/api/renders", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ screenplayId: screenplay.id, title: "Mine", style: "comic" }),
    });
    expect(created.status).toBe(200);
    const { id } = await created.json();
    const rate = await owner.call(`/api/renders/${id}/timelines/edl?fps=29.97`);
    expect(rate.status).toBe(400);
    expect((await rate.json()).message).toBe("Choose a frame rate: 23.976, 24, 25 or 30.");
    const format = await owner.call(`/api/renders/${id}/timelines/aaf`);
    expect(format.status).toBe(400);
    expect((await format.json()).message).toBe("Choose a timeline format: fcpxml, xml, otio or edl.");
    expect((await other.call(`/api/renders/${id}/timelines/edl`)).status).toBe(404);
    const badFps = await owner.call("/api/renders", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ screenplayId: screenplay.id, title: "Odd rate", style: "comic", timelineFps: "60" }),
    });
    expect(badFps.status).toBe(400);
    expect((await badFps.json()).message).toBe("Choose a frame rate: 23.976, 24, 25 or 30.");
  });
});
