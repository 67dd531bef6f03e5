/**
 * `npm run bench:render`: renders a generated 5-page screenplay end to end
 * offline with the command line (`storyboard render`, as a user runs it:
 * upload, parse, descriptions, images, narration, video, archive) and prints
 * the wall time, the video's duration and their ratio, with and without the
 * command's own startup. Goals: at least 5x realtime for the render, 15x with
 * startup for 5 pages (docs/decisions.md#scale). Then the board's export step
 * again on its own, from the project zip, in a process of its own: the time to
 * make storyboard.pdf and shot-list.csv and that step's peak memory (goals:
 * under 10 s and 300 MB for the 112-page feature, docs/decisions.md#storyboard-pdf), and the editing
 * timelines' lengths against the MP4's (within one frame, or the bench exits with 1).
 *
 *   npm run bench:render [-- --pages 120] [--aspect 9:16 --style documentary] [--music generated]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { probe } from "@storyboard/core/media/ffmpeg";
import { benchScreenplay as screenplay } from "@storyboard/core/screenplay/fixtures/bench";
import { timelineSeconds } from "@storyboard/core/timeline/fixtures/readers";
import { DEFAULT_FRAME_RATE } from "@storyboard/core/timeline/schema";
import type { BoardStepFigures } from "./board-step";
import { printed, renderCommand } from "./render-command";

const boardStep = fileURLToPath(new URL("./board-step.ts", import.meta.url));
const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const aspect = option("aspect", "16:9");
const style = option("style", "cinematic");
const music = option("music", "none");

/** A number the command printed, found by `pattern`'s first group. */
const figure = (output: string, pattern: RegExp) => Number(printed(output, pattern));

const pagesArg = process.argv.indexOf("--pages");
const pages = pagesArg > 0 ? Number(process.argv[pagesArg + 1]) : 5;
if (!Number.isInteger(pages) || pages < 1) throw new Error("--pages takes a whole number of pages");
const dir = mkdtempSync(join(tmpdir(), "bench-render-"));
const file = join(dir, "harbour.fountain");
writeFileSync(file, screenplay(pages));
try {
  const { output, wallMs } = await renderCommand([file, "--style", style, "--aspect", aspect, "--music", music, "--out", join(dir, "out")]);
  const render = figure(output, /Done in ([\d.]+) s/);
  const video = figure(output, /a ([\d.]+) s video/);
  const total = wallMs / 1000;
  console.log(output.slice(output.indexOf("Timings")).trimEnd());
  console.log("");
  console.log(`pages:            ${figure(output, /: (\d+) page\(s\)/)}`);
  console.log(`blocks rendered:  ${figure(output, /video of (\d+) blocks/)}`);
  console.log(`render wall time: ${render.toFixed(1)} s (upload to finished outputs)`);
  console.log(`command wall time: ${total.toFixed(1)} s (process start to exit: loading, local services, render, outputs)`);
  console.log(`video duration:   ${video.toFixed(1)} s`);
  console.log(`ratio:            ${(video / render).toFixed(2)}x realtime (goal: at least 5x)`);
  console.log(`with startup:     ${(video / total).toFixed(2)}x realtime (goal: at least 15x for 5 pages)`);
  console.log(`CPU time:         ${/CPU time: (.*)/.exec(output)?.[1] ?? "not reported"}`);
  console.log(
    `peak memory:      ${figure(output, /Peak memory: (\d+) MB/)} MB (the command's process; ffmpeg and the local S3 not counted)`,
  );
  console.log(`aspect, style:    ${aspect}, ${style}, music ${music}`);
  // The board step from the project zip, unpacked to disk, in a process of its own (its peak is its own).
  const project = join(dir, "project");
  execFileSync("unzip", ["-q", join(dir, "out", "project.zip"), "-d", project]);
  const board = JSON.parse(
    execFileSync(process.execPath, ["--import", "tsx", boardStep, project], { encoding: "utf8" }).trim().split("\n").at(-1)!,
  ) as BoardStepFigures;
  console.log(
    `storyboard PDF:   ${(board.pdfMs / 1000).toFixed(2)} s, ${board.pages} pages, ${board.panels} panels, ${(board.pdfBytes / 1e6).toFixed(1)} MB (goal: under 10 s for 112 pages)`,
  );
  console.log(`shot list:        ${(board.csvMs / 1000).toFixed(2)} s`);
  console.log(`PDF step peak:    ${board.peakMb} MB (its own process; goal: under 300 MB)`);
  // The editing timelines against the MP4 (docs/product.md#editing-timelines): each as long as the video, to a frame.
  const videoSeconds = (await probe(join(dir, "out", "video.mp4"))).duration;
  const fps = Number(DEFAULT_FRAME_RATE);
  const timelines = timelineSeconds((name) => readFileSync(join(project, "timeline", name), "utf8"), fps);
  const off = Object.entries(timelines).map(([format, seconds]) => `${format} ${(seconds - videoSeconds).toFixed(3)} s`);
  const withinAFrame = Object.values(timelines).every((seconds) => Math.abs(seconds - videoSeconds) <= 1 / fps);
  console.log(`timelines vs MP4: ${off.join(", ")} (${videoSeconds.toFixed(3)} s at ${fps} fps; within one frame: ${withinAFrame ? "yes" : "NO"})`);
  if (!withinAFrame) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
