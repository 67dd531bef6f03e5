/**
 * The sound mix on its own (docs/decisions.md#the-sound-mix): 83 offline
 * lines over 14 scenes, about the 5-page render bench's length, mixed with the
 * generated bed and without music. Prints each mix's wall time, its CPU (this
 * process and the ffmpeg runs it waited for) and the stems' sizes.
 *
 *   npx tsx packages/core/bench/mix.bench.ts [--keep]   (--keep: leave the work folder, to try the runs by hand)
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { holdsOf } from "../src/media/timeline";
import { encodeWav } from "../src/media/wav";
import { MOODS } from "../src/mix/bed";
import { measureFile } from "../src/mix/loudness";
import { writeMix } from "../src/mix/mix";
import type { MixClip } from "../src/mix/mix-input";
import { DEFAULT_LEVELS } from "../src/mix/schema";
import { espeakSampleRate, espeakSynthesize } from "../src/provider/offline/espeak";

const SENTENCES = [
  "The rain has not stopped for three days and the gutters are singing.",
  "You said you would call.",
  "She folds the letter twice and slides it under the door without a sound.",
  "I know what I saw on that pier, and it was not the tide.",
  "A long silence. Somewhere below, a ship's horn answers.",
  "Then we start again, from the beginning, and this time we write it down.",
];
const LINES = 83;
const SCENES = 14;

/** CPU seconds of this process and of the children it has waited for (Linux). */
function cpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  return ticks / 100;
}

const work = await mkdtemp(join(tmpdir(), "mix-bench-"));
try {
  const rate = await espeakSampleRate();
  const spoken = [];
  for (let i = 0; i < LINES; i++) spoken.push(await espeakSynthesize(SENTENCES[i % SENTENCES.length], { language: "en", rate: 150, pitch: 40 + (i % 3) * 10, range: 50 }));
  const durations = spoken.map((s) => Math.round((s.length / rate) * 1000));
  const holds = holdsOf(durations);
  let at = 0;
  const clips: MixClip[] = [];
  for (let i = 0; i < LINES; i++) {
    const audioPath = join(work, `line-${i}.wav`);
    await writeFile(audioPath, encodeWav({ sampleRate: rate, channels: 1, samples: spoken[i] }));
    clips.push({ audioPath, startMs: at, durationMs: durations[i], lane: i % 3 === 0 ? "narration" : "dialogue", scene: Math.floor((i * SCENES) / LINES) });
    at += holds[i];
  }
  console.log(`${LINES} lines, ${SCENES} scenes, ${(at / 1000).toFixed(1)} s of film`);
  for (const withMusic of [true, false]) {
    const out = join(work, withMusic ? "music" : "voices");
    await rm(out, { recursive: true, force: true });
    await import("node:fs/promises").then((fs) => fs.mkdir(out));
    const cpu = cpuSeconds();
    const started = performance.now();
    const result = await writeMix({
      clips,
      levels: DEFAULT_LEVELS,
      music: withMusic ? { kind: "generated", moods: Array.from({ length: SCENES }, (_, j) => MOODS[j % MOODS.length]) } : undefined,
      work: out,
      m4aPath: join(out, "mix.m4a"),
      mp3Path: join(out, "mix.mp3"),
    });
    const wall = (performance.now() - started) / 1000;
    const used = cpuSeconds() - cpu;
    const sizes = await Promise.all(Object.entries(result.pieceStems[0].stems).map(async ([name]) => {
        const bytes = await Promise.all(result.pieceStems.map((p) => stat(p.stems[name as "dialogue"]!)));
        return `${name} ${(bytes.reduce((a, b) => a + b.size, 0) / 1e6).toFixed(1)} MB`;
      }));
    const final = await measureFile(join(out, "mix.m4a"));
    console.log(
      `${withMusic ? "generated music" : "no music"}: ${wall.toFixed(1)} s wall, ${used.toFixed(1)} s CPU; stems ${sizes.join(", ")}; ` +
        `mix ${final.integrated} LUFS, ${final.truePeak} dBTP`,
    );
  }
} finally {
  if (process.argv.includes("--keep")) console.log(`kept ${work}`);
  else await rm(work, { recursive: true, force: true });
}
