/**
 * `npm run bench:render`: renders a generated 5-page screenplay end to end
 * offline (upload, parse, descriptions, images, narration, video, archive)
 * and prints the wall time, the video's duration and their ratio.
 * Goal: the video lasts at least 5 times as long as the render took.
 *
 *   npm run bench:render [-- --pages 120]   (a feature: also prints peak memory)
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderScreenplayFile } from "../src/render-file";

const PEOPLE = ["MAYA", "THEO", "IRIS"];
const PLACES = ["INT. KITCHEN - NIGHT", "EXT. HARBOUR - DAWN", "INT. OFFICE - DAY", "EXT. ROOFTOP - DUSK", "INT. DINER - NIGHT"];
const ACTIONS = [
  "Rain streaks the window. MAYA stirs a cup of coffee that has long gone cold, watching the door.",
  "THEO steps in, shaking water from his coat, and sets a battered envelope on the table between them.",
  "IRIS leans against the railing, the city lights trembling on the black water below.",
  "A phone buzzes twice and goes quiet. Nobody moves to answer it.",
];
const LINES = [
  "You said you would be here an hour ago.",
  "The trains stopped at the bridge. I walked the rest of the way.",
  "Then tell me what is in the envelope before I change my mind.",
  "Everything we need to finish this, and one thing we should never have found.",
  "We can still walk away from all of it tonight.",
];

/** A Fountain screenplay of about `pages` pages (200 words a page). */
function screenplay(pages: number): string {
  const out = ["Title: The Harbour Letters", ""];
  let words = 0;
  for (let scene = 0; words < pages * 200 - 40; scene++) {
    out.push(PLACES[scene % PLACES.length], "", ACTIONS[scene % ACTIONS.length], "");
    words += ACTIONS[scene % ACTIONS.length].split(" ").length + 4;
    for (let line = 0; line < 4 && words < pages * 200 - 20; line++) {
      const text = LINES[(scene + line) % LINES.length];
      out.push(PEOPLE[(scene + line) % PEOPLE.length], text, "");
      words += text.split(" ").length + 1;
    }
  }
  return out.join("\n");
}

const pagesArg = process.argv.indexOf("--pages");
const pages = pagesArg > 0 ? Number(process.argv[pagesArg + 1]) : 5;
if (!Number.isInteger(pages) || pages < 1) throw new Error("--pages takes a whole number of pages");
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 250);
const dir = mkdtempSync(join(tmpdir(), "bench-render-"));
const file = join(dir, "harbour.fountain");
writeFileSync(file, screenplay(pages));
try {
  const result = await renderScreenplayFile({ file, style: "cinematic", outDir: join(dir, "out") });
  const wall = result.renderMs / 1000;
  const video = result.videoDurationMs / 1000;
  console.log(`pages:            ${result.pageCount}`);
  console.log(`blocks rendered:  ${result.blocks}`);
  const total = wall + result.startupMs / 1000;
  console.log(`stand-ins ready:  ${(result.startupMs / 1000).toFixed(1)} s`);
  console.log(`render wall time: ${wall.toFixed(1)} s (upload to finished outputs)`);
  console.log(`video duration:   ${video.toFixed(1)} s`);
  console.log(`ratio:            ${(video / wall).toFixed(2)}x realtime (goal: at least 5x)`);
  console.log(`with startup:     ${(video / total).toFixed(2)}x realtime over ${total.toFixed(1)} s (goal: at least 15x for 5 pages)`);
  console.log(`peak memory:      ${(peakRss / 2 ** 20).toFixed(0)} MB (this process; ffmpeg children not counted)`);
} finally {
  clearInterval(sampler);
  rmSync(dir, { recursive: true, force: true });
}
