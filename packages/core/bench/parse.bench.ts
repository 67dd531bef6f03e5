/**
 * Parse benchmark: every corpus screenplay plus a generated 120-page Final
 * Draft feature, each parsed many times; prints the median per file.
 * Goal: the 120-page feature parses in under 50 ms.
 *
 *   npm run bench:parse
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { countWords } from "../src/screenplay/pages";
import { parseScreenplay } from "../src/screenplay/parse";

const GOAL_MS = 50;
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const corpus = path.resolve(repoRoot, "../shared/corpus");

/** A small deterministic PRNG so every run benchmarks the same document. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "the a his her their old new dark quiet long small cold warm empty broken bright door window room table " +
  "chair light shadow rain street car phone letter photograph coffee glass knife key bag coat hand face eyes " +
  "walks turns looks stops opens closes waits listens smiles frowns runs sits stands watches reaches grabs " +
  "slowly carefully suddenly finally again still almost never always just across toward behind under over " +
  "into through against beside while then because before after and but or not nothing something everyone " +
  "know think want need remember tell believe leave stay find lose wait help please sorry maybe really here there"
).split(" ");
const CAST = ["ANNA", "MARCUS", "DETECTIVE REYES", "OLD MAN", "LUCY", "FRANK", "DR. PATEL", "SAM"];
const PLACES = ["KITCHEN", "POLICE STATION", "HIGHWAY", "ANNA'S APARTMENT", "DINER", "ROOFTOP", "WAREHOUSE", "PARK"];
const TIMES = ["DAY", "NIGHT", "MORNING", "EVENING", "CONTINUOUS", "LATER"];
const RUN_ATTRIBUTES =
  'AdornmentStyle="0" Background="#FFFFFFFFFFFF" Color="#000000000000" Font="Courier Final Draft" RevisionID="0" Size="12"';

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A ~24,000-word Final Draft document with realistic paragraphs and multi-run text. */
export function generateFeatureFdx(pages = 120): string {
  const rand = random(120);
  const pick = <T,>(list: T[]) => list[Math.floor(rand() * list.length)];
  const sentence = (min: number, max: number) => {
    const n = min + Math.floor(rand() * (max - min + 1));
    const words = Array.from({ length: n }, () => pick(WORDS));
    words[0] = words[0][0].toUpperCase() + words[0].slice(1);
    return `${words.join(" ")}.`;
  };
  const runs = (text: string, split: number) => {
    // Split the paragraph into runs at word boundaries, some with a style, like Final Draft writes.
    const words = text.split(" ");
    const size = Math.ceil(words.length / split);
    let out = "";
    for (let i = 0; i < words.length; i += size) {
      const part = escapeXml(words.slice(i, i + size).join(" ") + (i + size < words.length ? " " : ""));
      // Final Draft writes plain <Text> for unstyled runs and the full font attributes on styled ones.
      const style = i > 0 && rand() < 0.6 ? pick(["Bold", "Italic", "Underline", "AllCaps"]) : "";
      out += style ? `      <Text ${RUN_ATTRIBUTES} Style="${style}">${part}</Text>\n` : `      <Text>${part}</Text>\n`;
    }
    return out;
  };
  const paragraph = (type: string, text: string, split = 1) =>
    `    <Paragraph Type="${type}">\n${runs(text, split)}    </Paragraph>\n`;

  let body = "";
  let words = 0;
  let scene = 0;
  // Stop just short of the last page's 200 words so the parse comes to exactly `pages` pages.
  const target = pages * 200 - 60;
  while (words < target) {
    scene++;
    const heading = `${pick(["INT.", "EXT.", "INT./EXT."])} ${pick(PLACES)} - ${pick(TIMES)}`;
    const beatsXml = CAST.slice(0, 2 + Math.floor(rand() * 3))
      .map((name) => `          <CharacterArcBeat Name="${name}">\n            <Paragraph Alignment="Left" FirstIndent="0.00" Leading="Regular" LeftIndent="0.00" RightIndent="1.39" SpaceBefore="0" Spacing="1" StartsNewPage="No"/>\n          </CharacterArcBeat>\n`)
      .join("");
    body +=
      `    <Paragraph Number="${scene}" Type="Scene Heading">\n` +
      `      <SceneProperties Length="1" Page="${Math.ceil(words / 200) + 1}" Title="">\n        <SceneArcBeats>\n${beatsXml}        </SceneArcBeats>\n      </SceneProperties>\n` +
      `${runs(heading, 1)}    </Paragraph>\n`;
    words += countWords(heading);
    const beats = 3 + Math.floor(rand() * 5);
    for (let beat = 0; beat < beats && words < target; beat++) {
      const action = [sentence(6, 14), sentence(4, 12), sentence(3, 10)].slice(0, 1 + Math.floor(rand() * 3)).join(" ");
      body += paragraph("Action", action, 1 + Math.floor(rand() * 4));
      words += countWords(action);
      const speaker = pick(CAST);
      body += paragraph("Character", rand() < 0.1 ? `${speaker} (V.O.)` : speaker);
      if (rand() < 0.25) {
        const aside = `(${pick(WORDS)})`;
        body += paragraph("Parenthetical", aside);
        words += countWords(aside);
      }
      const line = [sentence(3, 12), sentence(2, 9)].slice(0, 1 + Math.floor(rand() * 2)).join(" ");
      body += paragraph("Dialogue", line, 1 + Math.floor(rand() * 2));
      words += countWords(line);
    }
    if (rand() < 0.3) {
      body += paragraph("Transition", "CUT TO:");
      words += 2;
    }
  }
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>\n<FinalDraft DocumentType="Script" Template="No" Version="5">\n` +
    `  <Content>\n${body}  </Content>\n` +
    `  <ElementSettings Type="Scene Heading">\n    <FontSpec ${RUN_ATTRIBUTES} Style="AllCaps"/>\n  </ElementSettings>\n` +
    `  <TitlePage>\n    <Content>\n${paragraph("General", "THE LONG NIGHT")}    </Content>\n  </TitlePage>\n</FinalDraft>\n`
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median wall-clock and CPU time of `runs` parses (CPU shows the work when the machine is busy). */
function measure(bytes: Uint8Array, fileName: string, runs: number) {
  const warmup = Math.max(5, runs >> 2);
  for (let i = 0; i < warmup; i++) parseScreenplay(bytes, fileName);
  const wall: number[] = [];
  const cpu: number[] = [];
  let result = parseScreenplay(bytes, fileName);
  for (let i = 0; i < runs; i++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    result = parseScreenplay(bytes, fileName);
    wall.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  return { median: median(wall), min: Math.min(...wall), cpu: median(cpu), pages: result.pageCount, blocks: result.blocks.length };
}

function main() {
  const rows: { file: string; kb: string; pages: number; blocks: number; median: string; min: string; cpu: string }[] = [];
  for (const folder of ["fdx", "osf", "fountain"]) {
    for (const name of readdirSync(path.join(corpus, folder)).sort()) {
      const file = path.join(corpus, folder, name);
      const bytes = new Uint8Array(readFileSync(file));
      const r = measure(bytes, name, 100);
      const kb = (statSync(file).size / 1024).toFixed(1);
      rows.push({ file: `${folder}/${name}`, kb, pages: r.pages, blocks: r.blocks, median: r.median.toFixed(2), min: r.min.toFixed(2), cpu: r.cpu.toFixed(2) });
    }
  }
  const feature = new TextEncoder().encode(generateFeatureFdx(120));
  const f = measure(feature, "generated-120-pages.fdx", 60);
  const kb = (feature.length / 1024).toFixed(1);
  rows.push({ file: "generated 120-page feature (.fdx)", kb, pages: f.pages, blocks: f.blocks, median: f.median.toFixed(2), min: f.min.toFixed(2), cpu: f.cpu.toFixed(2) });

  const headers = ["file", "kb", "pages", "blocks", "median", "min", "cpu"] as const;
  const labels = { file: "file", kb: "KB", pages: "pages", blocks: "blocks", median: "median ms", min: "min ms", cpu: "median CPU ms" };
  const widths = headers.map((h) => Math.max(labels[h].length, ...rows.map((r) => String(r[h]).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(line(headers.map((h) => labels[h])));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(headers.map((h) => String(r[h]))));
  console.log(`\n120-page feature: median ${f.median.toFixed(2)} ms (goal < ${GOAL_MS} ms) ${f.median < GOAL_MS ? "OK" : "TOO SLOW"}`);
  // CPU time counts the garbage collector's helper threads too; wall time counts waiting for a core.
  const load = loadavg().map((l) => l.toFixed(1)).join(" ");
  console.log(`Load average ${load} on ${cpus().length} CPUs; a load above the CPU count means other work shared the cores.`);
}

// Runs when executed (npm run bench:parse), not when imported for its generator.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
