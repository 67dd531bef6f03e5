/**
 * `npm run bench:revision`: renders a generated screenplay with the command
 * line, rewrites one scene's dialogue in the middle, and renders the revised
 * draft with `--reuse` from the first render's folder (docs/decisions.md#incremental-compile).
 * Prints both renders' wall and CPU times, the revised render's share of the
 * full one, and what it reused and made. Goal: a one-scene change re-renders
 * in at most 5 % of the full render's wall time.
 *
 *   npm run bench:revision [-- --pages 20]
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchScreenplay } from "@storyboard/core/screenplay/fixtures/bench";
import { probe } from "@storyboard/core/media/ffmpeg";
import { printed as figure, renderCommand } from "./render-command";



/**
 * The bench screenplay with every scene its own place and its own action (the
 * generator repeats five places and four actions, and a repeated scene would
 * be one stored picture); `rewrite` gives that scene's dialogue new words.
 */
function numberedScreenplay(pages: number, rewrite?: number): string {
  let scene = -1;
  let speech = false;
  return benchScreenplay(pages)
    .split("\n")
    .map((line) => {
      if (/^(INT|EXT)\. /.test(line)) {
        scene++;
        return line.replace(" - ", ` ${scene + 1} - `);
      }
      if (/^[A-Z]+$/.test(line)) {
        speech = true;
        return line;
      }
      if (!line.trim() || line.startsWith("Title:")) return line;
      if (speech) {
        speech = false;
        return scene === rewrite ? `${line.replace(/\.$/, "")}, and this time I mean it.` : line;
      }
      return `${line} (${scene + 1})`;
    })
    .join("\n");
}

const pagesArg = process.argv.indexOf("--pages");
const pages = pagesArg > 0 ? Number(process.argv[pagesArg + 1]) : 20;
if (!Number.isInteger(pages) || pages < 1) throw new Error("--pages takes a whole number of pages");
const dir = mkdtempSync(join(tmpdir(), "bench-revision-"));
const scenes = numberedScreenplay(pages)
  .split("\n")
  .filter((l) => /^(INT|EXT)\. /.test(l)).length;
const middle = Math.floor(scenes / 2);
writeFileSync(join(dir, "draft-1.fountain"), numberedScreenplay(pages));
writeFileSync(join(dir, "draft-2.fountain"), numberedScreenplay(pages, middle));
try {
  const full = await renderCommand([join(dir, "draft-1.fountain"), "--style", "cinematic", "--out", join(dir, "out-1")]);
  const revised = await renderCommand([join(dir, "draft-2.fountain"), "--style", "cinematic", "--reuse", join(dir, "out-1"), "--out", join(dir, "out-2")]);
  const seconds = (run: { output: string }) => Number(figure(run.output, /Done in ([\d.]+) s/));
  const cpu = (run: { output: string }) => figure(run.output, /CPU time: (.*)/);
  const [fullVideo, revisedVideo] = [await probe(join(dir, "out-1", "video.mp4")), await probe(join(dir, "out-2", "video.mp4"))];
  console.log(
    `screenplay:        ${figure(full.output, /: (\d+) page\(s\)/)} pages, ${scenes} scenes; scene ${middle + 1}'s dialogue rewritten`,
  );
  console.log(`full render:       ${seconds(full).toFixed(1)} s render, ${(full.wallMs / 1000).toFixed(1)} s command; CPU ${cpu(full)}`);
  console.log(
    `revised render:    ${seconds(revised).toFixed(1)} s render, ${(revised.wallMs / 1000).toFixed(1)} s command; CPU ${cpu(revised)}`,
  );
  console.log(
    `share of the full: ${((100 * seconds(revised)) / seconds(full)).toFixed(1)} % of the render's wall time (goal: at most 5 %)`,
  );
  console.log(`reused and made:   ${figure(revised.output, /(Reused .*)/)}`);
  console.log(`video durations:   ${fullVideo.duration.toFixed(2)} s full, ${revisedVideo.duration.toFixed(2)} s revised`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
