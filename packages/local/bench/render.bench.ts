/**
 * `npm run bench:render`: renders a generated 5-page screenplay end to end
 * offline with the command line (`storyboard render`, as a user runs it:
 * upload, parse, descriptions, images, narration, video, archive) and prints
 * the wall time, the video's duration and their ratio, with and without the
 * command's own startup. Goals: at least 5x realtime for the render, 15x with
 * startup for 5 pages (docs/decisions.md#scale).
 *
 *   npm run bench:render [-- --pages 120]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchScreenplay as screenplay } from "@storyboard/core/screenplay/fixtures/bench";

const bin = fileURLToPath(new URL("../bin/storyboard.mjs", import.meta.url));

/** Runs `storyboard render --timings`; resolves with its output and the wall time from spawn to exit. */
function renderCommand(file: string, outDir: string) {
  return new Promise<{ output: string; wallMs: number }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, "render", file, "--style", "cinematic", "--out", outDir, "--timings"], {
      env: { ...process.env, LOG_LEVEL: "SILENT" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      if (code === 0) resolve({ output, wallMs });
      else reject(new Error(`storyboard render exited with ${code}:\n${output}`));
    });
  });
}

/** A number the command printed, found by `pattern`'s first group. */
function figure(output: string, pattern: RegExp): number {
  const match = pattern.exec(output);
  if (!match) throw new Error(`The command's output has no ${pattern}:\n${output}`);
  return Number(match[1]);
}

const pagesArg = process.argv.indexOf("--pages");
const pages = pagesArg > 0 ? Number(process.argv[pagesArg + 1]) : 5;
if (!Number.isInteger(pages) || pages < 1) throw new Error("--pages takes a whole number of pages");
const dir = mkdtempSync(join(tmpdir(), "bench-render-"));
const file = join(dir, "harbour.fountain");
writeFileSync(file, screenplay(pages));
try {
  const { output, wallMs } = await renderCommand(file, join(dir, "out"));
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
} finally {
  rmSync(dir, { recursive: true, force: true });
}
