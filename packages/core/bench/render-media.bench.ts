/**
 * End-to-end media benchmark: a synthetic 5-page screenplay (~40 blocks:
 * scene headings, action, dialogue by three characters) rendered offline into
 * frames, speech and the compiled video. The goal is video at least 5x faster
 * than realtime on 2 cores (duration / total wall time >= 5).
 *
 *   npx tsx packages/core/bench/render-media.bench.ts [style] [--keep] [--burn]
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { isStyleId, type StyleId } from "../src/catalog/styles";
import { compileVideo } from "../src/media/compile";
import { probe } from "../src/media/ffmpeg";
import { OfflineImageProvider } from "../src/provider/offline/image";
import { OfflineSpeechProvider } from "../src/provider/offline/speech";
import { DEFAULT_NARRATOR_VOICE_ID, type CharacterGender, type SceneInfo } from "../src/provider/types";

interface BenchBlock {
  id: string;
  type: "scene_heading" | "action" | "dialogue";
  text: string;
  scene: SceneInfo;
  speaker?: string;
}

const CAST: { name: string; gender: CharacterGender; voiceId: string }[] = [
  { name: "MAYA", gender: "female", voiceId: "rachel" },
  { name: "TOM", gender: "male", voiceId: "james" },
  { name: "SAM", gender: "neutral", voiceId: "river" },
];

const SCENES: SceneInfo[] = [
  { heading: "INT. MAYA'S KITCHEN - NIGHT", interior: true, location: "MAYA'S KITCHEN", timeOfDay: "NIGHT" },
  { heading: "EXT. MAIN STREET - DAY", interior: false, location: "MAIN STREET", timeOfDay: "DAY" },
  { heading: "EXT. PINE FOREST - DUSK", interior: false, location: "PINE FOREST", timeOfDay: "DUSK" },
  { heading: "INT. POLICE PRECINCT OFFICE - DAY", interior: true, location: "POLICE PRECINCT OFFICE", timeOfDay: "DAY" },
  { heading: "EXT. HARBOR PIER - DAWN", interior: false, location: "HARBOR PIER", timeOfDay: "DAWN" },
];

const ACTIONS = [
  "Rain taps against the window. Maya sits alone, turning a brass key over in her fingers.",
  "A delivery truck rumbles past. Tom steps off the curb, scanning the crowd.",
  "Wind moves through the tall pines. Somewhere, a branch snaps.",
  "Phones ring unanswered. Sam drops a thick case file onto the desk.",
  "Gulls circle above the fishing boats as the first light breaks over the water.",
  "She hesitates, then slides the key into her coat pocket.",
  "He checks his watch twice, as if the time might change.",
];

const LINES = [
  "I know what you found in the basement, and I know you didn't tell anyone.",
  "You were supposed to be here an hour ago.",
  "Keep your voice down. They can hear everything from the hallway.",
  "It isn't about the money anymore. It never was.",
  "Then tell me why your name is on every page of this file.",
  "We leave at first light. Nobody follows us, understood?",
  "I trusted you once. That was my mistake.",
  "Look at the water. Something is moving under the pier.",
  "Fine. But if this goes wrong, I was never here.",
];

function syntheticScreenplay(blockCount = 40): BenchBlock[] {
  const blocks: BenchBlock[] = [];
  let scene = -1;
  for (let i = 0; blocks.length < blockCount; i++) {
    if (i % 8 === 0) {
      scene = (scene + 1) % SCENES.length;
      blocks.push({ id: `b${blocks.length}`, type: "scene_heading", text: SCENES[scene].heading, scene: SCENES[scene] });
    } else if (i % 8 === 1 || i % 8 === 5) {
      // The first action line belongs to its scene; the second is a shared beat.
      const text = i % 8 === 1 ? ACTIONS[scene] : ACTIONS[SCENES.length + (scene % 2)];
      blocks.push({ id: `b${blocks.length}`, type: "action", text, scene: SCENES[scene] });
    } else {
      const speaker = CAST[i % CAST.length].name;
      blocks.push({ id: `b${blocks.length}`, type: "dialogue", text: LINES[i % LINES.length], scene: SCENES[scene], speaker });
    }
  }
  return blocks;
}

/**
 * CPU seconds used so far by this process and the children it waited for
 * (ffmpeg), from /proc on Linux; wall time alone misleads on a busy machine.
 */
function cpuSeconds(): number | undefined {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    // utime, stime, cutime, cstime are fields 14-17 of the whole line (11-14 after the name).
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
  } catch {
    return undefined;
  }
}

interface PhaseTime {
  wall: number;
  cpu?: number;
}

async function timed<T>(label: string, fn: () => Promise<T>, times: Record<string, PhaseTime>): Promise<T> {
  const start = performance.now();
  const cpuStart = cpuSeconds();
  const result = await fn();
  const cpuEnd = cpuSeconds();
  times[label] = { wall: (performance.now() - start) / 1000, cpu: cpuStart !== undefined && cpuEnd !== undefined ? cpuEnd - cpuStart : undefined };
  return result;
}

async function main() {
  const args = process.argv.slice(2);
  const style: StyleId = args.find(isStyleId) ?? "cinematic";
  const keep = args.includes("--keep");
  const dir = await mkdtemp(join(tmpdir(), "storyboard-bench-"));
  const blocks = syntheticScreenplay();
  const images = new OfflineImageProvider();
  const speech = new OfflineSpeechProvider();
  const times: Record<string, PhaseTime> = {};

  const imagePaths = await timed("frames", async () => {
    const paths: string[] = [];
    for (const block of blocks) {
      const speaker = CAST.find((c) => c.name === block.speaker);
      const characters = [...(speaker ? [speaker] : []), ...CAST.filter((c) => c !== speaker).slice(0, 1)];
      const image = await images.generate({
        prompt: block.text,
        style,
        scene: block.scene,
        characters: characters.map(({ name, gender }) => ({ name, gender })),
        blockType: block.type,
        text: block.text,
        seed: block.id,
      });
      const path = join(dir, `${block.id}.jpg`);
      await writeFile(path, image.bytes);
      paths.push(path);
    }
    return paths;
  }, times);

  const audio = await timed("speech", async () => {
    const out: { path: string; durationMs: number }[] = [];
    for (const block of blocks) {
      const voiceId = CAST.find((c) => c.name === block.speaker)?.voiceId ?? DEFAULT_NARRATOR_VOICE_ID;
      const { wav, durationMs } = await speech.synthesize({ text: block.text, voiceId });
      const path = join(dir, `${block.id}.wav`);
      await writeFile(path, wav);
      out.push({ path, durationMs });
    }
    return out;
  }, times);

  const result = await timed("compile", () =>
    compileVideo({
      clips: blocks.map((b, i) => ({ imagePath: imagePaths[i], audioPath: audio[i].path, durationMs: audio[i].durationMs, caption: b.text })),
      outDir: join(dir, "out"),
      burnCaptions: args.includes("--burn"),
      title: "The Brass Key",
    }),
  times);

  const probed = await probe(result.videoPath);
  const total = times.frames.wall + times.speech.wall + times.compile.wall;
  const narration = audio.reduce((s, a) => s + a.durationMs, 0) / 1000;
  console.log(`blocks ${blocks.length}, style ${style}, cpus ${availableParallelism()}, load average ${loadavg()[0].toFixed(1)}`);
  for (const [phase, t] of Object.entries(times)) {
    console.log(`${phase.padEnd(8)} ${t.wall.toFixed(2)} s wall${t.cpu !== undefined ? `, ${t.cpu.toFixed(2)} s CPU` : ""}`);
  }
  console.log(`total    ${total.toFixed(2)} s`);
  console.log(`narration ${narration.toFixed(2)} s, video ${probed.duration.toFixed(2)} s (${probed.streams.map((s) => s.codecName).join(" + ")})`);
  console.log(`realtime factor ${(probed.duration / total).toFixed(2)}x (goal >= 5x)`);
  if (keep) console.log(`output kept in ${dir}`);
  else await rm(dir, { recursive: true, force: true });
}

await main();
