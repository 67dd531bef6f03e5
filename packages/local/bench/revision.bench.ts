/**
 * `npm run bench:revision`: renders the generated screenplay with the command
 * line, then three revisions of it, each with `--reuse` from the first render's
 * folder (docs/decisions.md#incremental-compile): one scene's dialogue
 * rewritten, one scene inserted in the middle, one character's voice changed.
 * For each it prints the wall time and CPU time against the full render's, and
 * what it reused and made. Goals: the rewritten scene in at most 5 % of the
 * full render's wall and CPU time, the inserted scene in at most 8 %, the
 * voice change remaking only that character's lines (and the segments that
 * hold them).
 *
 * Then each revised video is compared with a full compile of the same new
 * draft (every segment encoded, the same pictures and speech): the same seams,
 * the same frames either side of every seam, the same frame count and
 * duration, the same narration (docs/decisions.md#proving-an-incremental-render).
 *
 *   npm run bench:revision [-- --pages 20] [--dir DIR] [--only dialogue|insert|voice] [--no-compare] [--verbose]
 *
 * `--pages 120` is the 112-page feature of `bench:render`. `--dir` keeps every
 * render there and skips the renders a previous run already left in it.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchScreenplay } from "@storyboard/core/screenplay/fixtures/bench";
import { differences, fingerprint } from "../src/test/frame-checksums";
import { printed, renderCommand } from "./render-command";

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const pages = Number(option("pages") ?? 20);
if (!Number.isInteger(pages) || pages < 1) throw new Error("--pages takes a whole number of pages");
const verbose = process.argv.includes("--verbose");
const compare = !process.argv.includes("--no-compare");
/** THEO gets the first of these voices that nobody has in the first render (`--voice` chooses another). */
const NEW_VOICES = ["ash", "quinn", "sasha", "river", "vinnie", "callum"];
const VOICE_CHANGE = { character: "THEO", voiceId: option("voice") ?? "" };

const INSERTED_SCENE = [
  "INT. LIGHTHOUSE STAIRS - NIGHT",
  "",
  "A keeper climbs the iron stairs with a lantern, counting every step under her breath.",
  "",
  "MAYA",
  "Who left the lamp burning all night, and why tonight of all nights?",
  "",
  "THEO",
  "Someone who wanted us to find this place before the tide did.",
  "",
];

/**
 * The bench screenplay with every scene its own place and its own action (the
 * generator repeats five places and four actions, and a repeated scene would
 * be one stored picture); `rewrite` gives that scene's dialogue new words,
 * `insert` puts a new scene before that one.
 */
function numberedScreenplay(change: { rewrite?: number; insert?: number } = {}): string {
  let scene = -1;
  let speech = false;
  return benchScreenplay(pages)
    .split("\n")
    .map((line) => {
      if (/^(INT|EXT)\. /.test(line)) {
        scene++;
        const heading = line.replace(" - ", ` ${scene + 1} - `);
        return scene === change.insert ? [...INSERTED_SCENE, heading].join("\n") : heading;
      }
      if (/^[A-Z]+$/.test(line)) {
        speech = true;
        return line;
      }
      if (!line.trim() || line.startsWith("Title:")) return line;
      if (speech) {
        speech = false;
        return scene === change.rewrite ? `${line.replace(/\.$/, "")}, and this time I mean it.` : line;
      }
      return `${line} (${scene + 1})`;
    })
    .join("\n");
}

interface Run {
  output: string;
  wallMs: number;
  cpuSeconds?: number;
}

const dir = option("dir") ?? mkdtempSync(join(tmpdir(), "bench-revision-"));
mkdirSync(dir, { recursive: true });

/** `storyboard render` into `dir/name`, or what an earlier run with the same `--dir` left there. */
async function render(name: string, args: string[]): Promise<Run> {
  const saved = join(dir, `${name}.json`);
  if (existsSync(saved)) return JSON.parse(readFileSync(saved, "utf8")) as Run;
  const run = await renderCommand([...args, "--style", "cinematic", "--out", join(dir, name)]);
  if (verbose) console.log(`--- ${name}\n${run.output}`);
  writeFileSync(saved, JSON.stringify(run));
  return run;
}

/** An output folder holding only another one's images and speech: a render reusing it encodes every segment. */
function picturesAndSpeechOf(outDir: string, name: string): string {
  const target = join(dir, name);
  rmSync(target, { recursive: true, force: true });
  for (const kind of ["image", "audio"]) cpSync(join(outDir, "reuse", kind), join(target, "reuse", kind), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(outDir, "reuse", "manifest.json"), "utf8")) as { contentTypes: Record<string, string>; facts?: string[] };
  const copied = (name: string) => name.startsWith("image/") || name.startsWith("audio/");
  manifest.contentTypes = Object.fromEntries(Object.entries(manifest.contentTypes).filter(([key]) => copied(key)));
  // The facts of what is copied only: a mix piece's facts say its stems are kept (mix/piece-facts.ts), and they are not.
  manifest.facts = manifest.facts?.filter(copied);
  writeFileSync(join(target, "reuse", "manifest.json"), JSON.stringify(manifest));
  return target;
}

const renderSeconds = (run: Run) => Number(printed(run.output, /Done in ([\d.]+) s/));
const seams = (run: Run) => printed(run.output, /Segment seams \(frame\): ?(.*)/).split(" ").filter(Boolean).map(Number);
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
const cpu = (run: Run) => (run.cpuSeconds === undefined ? "n/a" : `${run.cpuSeconds.toFixed(1)} s`);

const draft1 = numberedScreenplay();
const scenes = draft1.split("\n").filter((l) => /^(INT|EXT)\. /.test(l)).length;
const middle = Math.floor(scenes / 2);
// A line is one stored asset per text and voice: THEO's distinct lines are what his new voice must speak anew.
const theoLines = new Set(draft1.split("\n").flatMap((l, i, all) => (l === VOICE_CHANGE.character ? [all[i + 1]] : []))).size;
const files = {
  full: join(dir, "draft-1.fountain"),
  dialogue: join(dir, "draft-dialogue.fountain"),
  insert: join(dir, "draft-insert.fountain"),
};
writeFileSync(files.full, draft1);
writeFileSync(files.dialogue, numberedScreenplay({ rewrite: middle }));
writeFileSync(files.insert, numberedScreenplay({ insert: middle }));
const revisions = () => [
  { name: "dialogue", what: `scene ${middle + 1}'s dialogue rewritten`, goal: 5, args: [files.dialogue] },
  { name: "insert", what: `a scene inserted before scene ${middle + 1}`, goal: 8, args: [files.insert] },
  {
    name: "voice",
    what: `${VOICE_CHANGE.character}'s voice changed to ${VOICE_CHANGE.voiceId} (${theoLines} distinct lines)`,
    goal: undefined,
    args: [files.full, "--voice", `${VOICE_CHANGE.character}=${VOICE_CHANGE.voiceId}`],
  },
];

// Before the full render: a misspelt `--only` would otherwise run it and then no revision, and say nothing.
const only = option("only");
const names = revisions().map((r) => r.name);
if (only && !names.includes(only)) {
  console.error(`No revision called '${only}': choose ${names.join(", ")}.`);
  process.exit(2);
}

try {
  const full = await render("out-full", [files.full]);
  console.log(`screenplay:  ${printed(full.output, /: (\d+) page\(s\)/)} pages, ${scenes} scenes, ${printed(full.output, / page\(s\), (\d+) blocks/)} blocks`);
  console.log(`full render: ${renderSeconds(full).toFixed(1)} s render, ${(full.wallMs / 1000).toFixed(1)} s command, CPU ${cpu(full)} (command)`);
  const used = printed(full.output, /Voices: (.*)/);
  VOICE_CHANGE.voiceId ||= NEW_VOICES.find((v) => !used.includes(`=${v}`)) ?? NEW_VOICES[0];
  console.log(`voices:      ${used}`);
  // `--only NAME` runs one revision: a run of all three takes seven renders.
  for (const revision of revisions().filter((r) => !only || r.name === only)) {
    const revised = await render(`out-${revision.name}`, [...revision.args, "--reuse", join(dir, "out-full")]);
    const share = renderSeconds(revised) / renderSeconds(full);
    const cpuShare = revised.cpuSeconds !== undefined && full.cpuSeconds ? revised.cpuSeconds / full.cpuSeconds : undefined;
    console.log(`\n${revision.name}: ${revision.what}`);
    console.log(
      `  ${renderSeconds(revised).toFixed(1)} s render (${pct(renderSeconds(revised), renderSeconds(full))} of the full), ` +
        `${(revised.wallMs / 1000).toFixed(1)} s command (${pct(revised.wallMs, full.wallMs)}), ` +
        `CPU ${cpu(revised)}${cpuShare === undefined ? "" : ` (${(100 * cpuShare).toFixed(1)} %)`}` +
        (revision.goal ? `; goal at most ${revision.goal} %: ${share * 100 <= revision.goal && (cpuShare ?? 0) * 100 <= revision.goal ? "met" : "missed"}` : ""),
    );
    console.log(`  ${printed(revised.output, /(Reused .*)/)}`);
    console.log(`  ${printed(revised.output, /(Sound mix: .*)/)}`);
    if (revision.name === "voice") console.log(`  lines remade: ${printed(revised.output, /; made \d+ image\(s\), (\d+) line/)} (${VOICE_CHANGE.character} speaks ${theoLines} distinct lines; goal: those and no others)`);
    if (!compare) continue;
    const reference = await render(`full-${revision.name}`, [...revision.args, "--reuse", picturesAndSpeechOf(join(dir, `out-${revision.name}`), `assets-${revision.name}`)]);
    const [a, b] = [seams(revised), seams(reference)];
    const [fa, fb] = [
      await fingerprint(join(dir, `out-${revision.name}`, "video.mp4"), a),
      await fingerprint(join(dir, `full-${revision.name}`, "video.mp4"), b),
    ];
    const found = differences(fa, fb);
    if (a.join() !== b.join()) found.unshift(`seams at frames ${a.join(",")} against ${b.join(",")}`);
    const narration = ["out", "full"].map((prefix) => readFileSync(join(dir, `${prefix}-${revision.name}`, "audio.mp3")));
    if (!narration[0].equals(narration[1])) found.push("audio.mp3 differs");
    console.log(
      `  against a full compile of the new draft (${renderSeconds(reference).toFixed(1)} s, every segment encoded): ` +
        (found.length
          ? `DIFFERENT: ${found.slice(0, 8).join("; ")}`
          : `the same (${a.length} seams, ${fa.checksums.size} frames checked, ${fa.frames} frames, ${fa.duration.toFixed(2)} s, audio.mp3 identical)`),
    );
    if (found.length) process.exitCode = 1;
  }
} finally {
  if (option("dir") || process.argv.includes("--keep")) console.log(`\nkept: ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
