import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { probe } from "@storyboard/core/media/ffmpeg";
import type { ZipIndex } from "@storyboard/core/media/zip-plan";
import { readCmx3600, readFcpxml } from "@storyboard/core/timeline/fixtures/readers";
import { unzipSync } from "fflate";
import { readFileSync } from "node:fs";
import { nightShift } from "@storyboard/core/screenplay/fixtures/short";
import { screenplayFile } from "../test/fixtures";
import { storyboard, storyboardBin as bin } from "../test/cli";

/**
 * The first render of Night Shift, made once and shared: the outputs test checks it, and the revision test
 * re-renders a draft of it with --reuse (both with the same style, rate and captions, as reuse requires).
 */
const RENDER_OPTIONS = ["--style", "ghibli", "--captions", "--fps", "24"];
let firstRender: Promise<{ out: string; run: Awaited<ReturnType<typeof storyboard>> }> | undefined;
const renderNightShift = () =>
  (firstRender ??= (async () => {
    const out = mkdtempSync(path.join(tmpdir(), "storyboard-render-"));
    return { out, run: await storyboard(["render", screenplayFile("fountain"), "--out", out, ...RENDER_OPTIONS]) };
  })());

describe("storyboard render", () => {
  it("renders a screenplay without the web and writes the four outputs", async () => {
    const { out, run } = await renderNightShift();
    expect(run.stderr.split("\n").filter((l) => l.includes("failed"))).toEqual([]);
    expect(run.status).toBe(0);
    for (const file of ["video.mp4", "poster.jpg", "audio.mp3", "project.zip"]) expect(existsSync(path.join(out, file))).toBe(true);
    const video = await probe(path.join(out, "video.mp4"));
    expect(video.streams.map((s) => s.codecName).sort()).toEqual(["aac", "h264"]);
    expect(video.duration).toBeGreaterThan(3);
    const entries = unzipSync(new Uint8Array(readFileSync(path.join(out, "project.zip"))));
    const zip = Object.keys(entries);
    expect(zip).toEqual(expect.arrayContaining(["captions.srt", "captions.vtt", "screenplay.json", "edit-list.json"]));
    // --fps 24: the zip's timelines count 24 frames a second and last as long as the video, to a frame.
    const fcpxml = readFcpxml(Buffer.from(entries["timeline/storyboard.fcpxml"]).toString("utf8"));
    expect(fcpxml.frameSeconds).toBe(1 / 24);
    const edl = readCmx3600(Buffer.from(entries["timeline/storyboard.edl"]).toString("utf8"), 24);
    expect(Math.abs(edl.events.at(-1)!.recordOut / 24 - video.duration)).toBeLessThanOrEqual(1 / 24);
  });

  it("explains its usage and exits 2 without an output folder, 1 for a file that is not a screenplay", async () => {
    const usage = await storyboard(["render", screenplayFile("fountain")]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Usage: storyboard render FILE --style ID --out DIR");
    const rate = await storyboard(["render", screenplayFile("fountain"), "--out", "unused", "--fps", "29.97"]);
    expect(rate.status).toBe(2);
    expect(rate.stderr).toContain('Unknown frame rate "29.97": choose 23.976, 24, 25, 30.');
    const out = mkdtempSync(path.join(tmpdir(), "storyboard-render-"));
    const bad = await storyboard(["render", bin, "--out", out]);
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim().split("\n").pop()!.length).toBeGreaterThan(10);
  });

  it("re-renders a revised draft with --reuse: makes only the changed line and the segments that show it", async () => {
    // Captions burned in: the rewritten line is then a different picture even where its frame and hold are not.
    const { out: first, run: run1 } = await renderNightShift();
    expect(run1.status, run1.stderr).toBe(0);
    expect(run1.stdout).toMatch(/Reused 0 image\(s\), 0 line\(s\) and 0 video segment\(s\)/);
    const blocks = Number(/ of (\d+) blocks/.exec(run1.stdout)![1]);

    const revised = path.join(mkdtempSync(path.join(tmpdir(), "storyboard-draft-")), "night-2.fountain");
    const text = new TextDecoder().decode(nightShift("fountain").bytes);
    writeFileSync(revised, text.replace("What algorithm is this?", "Who wrote this algorithm?"));
    const second = mkdtempSync(path.join(tmpdir(), "storyboard-render-"));
    const run2 = await storyboard(["render", revised, "--reuse", first, "--out", second, ...RENDER_OPTIONS]);
    expect(run2.status, run2.stderr).toBe(0);
    const [, images, lines, segments, madeImages, madeLines, madeSegments] =
      /Reused (\d+) image\(s\), (\d+) line\(s\) and (\d+) video segment\(s\); made (\d+) image\(s\), (\d+) line\(s\) and (\d+) segment/
        .exec(run2.stdout)!
        .map(Number);
    expect([images, lines, madeImages, madeLines]).toEqual([blocks - 1, blocks - 1, 1, 1]);
    // Only the changed line's segment is made again: the next one is reused though the clip before it moved by a
    // frame, since the fade across a seam is the earlier segment's (media/segments.ts segmentOf).
    expect(madeSegments).toBe(1);
    expect(segments).toBeGreaterThanOrEqual(1);
    expect(segments + madeSegments).toBe(Number(/made \d+ image\(s\), \d+ line\(s\) and (\d+) segment/.exec(run1.stdout)![1]));
    const [before, after] = [await probe(path.join(first, "video.mp4")), await probe(path.join(second, "video.mp4"))];
    expect(after.duration).toBeGreaterThan(3);
    expect(Math.abs(after.duration - before.duration)).toBeLessThan(3);

    // Its project zip was composed from the first folder's (docs/decisions.md#a-revised-zip-is-composed-from-the-previous-one):
    // the index the folder keeps names the zip it came from, and the zip reads whole.
    const indexes = readdirSync(path.join(second, "reuse", "zip")).sort();
    const index = JSON.parse(readFileSync(path.join(second, "reuse", "zip", indexes.at(-1)!), "utf8")) as ZipIndex;
    expect(index.composedFrom).toBeDefined();
    expect(index.copiedBytes).toBeGreaterThan(0);
    expect(Object.keys(unzipSync(new Uint8Array(readFileSync(path.join(second, "project.zip")))))).toContain("stems/dialogue.wav");

    const nothing = await storyboard(["render", revised, "--reuse", mkdtempSync(path.join(tmpdir(), "empty-")), "--out", second]);
    expect(nothing.status).toBe(1);
    expect(nothing.stderr).toContain("holds no reusable render");

    // One character's voice changed: only that character's lines are spoken anew, no frame is drawn again.
    const voices = Object.fromEntries(/Voices: (.*)/.exec(run2.stdout)![1].split(", ").map((pair) => pair.split("=")));
    const speaker = Object.keys(voices).find((name) => name !== "NARRATOR")!;
    const fresh = ["ash", "quinn", "sasha", "river"].find((v) => !Object.values(voices).includes(v))!;
    // The speaker's distinct speeches (after the cue, up to a blank line, without parentheticals): one line each.
    const cues = text.replace("What algorithm is this?", "Who wrote this algorithm?").split(/\n\s*\n/);
    const spoken = new Set(
      cues
        .map((para) => para.split("\n").map((l) => l.trim()))
        .filter(([cue]) => cue.replace(/\s*\^$/, "") === speaker)
        .map(([, ...speech]) => speech.filter((l) => !l.startsWith("(")).join(" "))
        .filter(Boolean),
    );
    const third = mkdtempSync(path.join(tmpdir(), "storyboard-render-"));
    const run3 = await storyboard(["render", revised, "--reuse", second, "--out", third, ...RENDER_OPTIONS, "--voice", `${speaker}=${fresh}`]);
    expect(run3.status, run3.stderr).toBe(0);
    expect(run3.stdout).toContain(`${speaker}=${fresh}`);
    const made = /made (\d+) image\(s\), (\d+) line\(s\)/.exec(run3.stdout)!.map(Number);
    expect(made.slice(1)).toEqual([0, spoken.size]);
    expect(spoken.size).toBeGreaterThan(0);

    const nobody = await storyboard(["render", revised, "--out", third, "--voice", "NOBODY=ash"]);
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain("nobody called NOBODY speaks in this screenplay");
    const malformed = await storyboard(["render", revised, "--out", third, "--voice", "NOBODY"]);
    expect(malformed.status).toBe(2);
    expect(malformed.stderr).toContain("--voice takes NAME=VOICE_ID");
  }, 400_000);
});
