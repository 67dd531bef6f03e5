/**
 * Parse benchmark: every corpus screenplay plus a generated 120-page Final
 * Draft feature, each parsed many times; prints the median per file.
 * Goal: the 120-page feature parses in under 50 ms.
 *
 *   npm run bench:parse
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateFeatureFdx } from "../src/screenplay/fixtures/long";
import { parseScreenplay } from "../src/screenplay/parse";
import { CORPUS_DIR, CORPUS_SKIPPED } from "../src/screenplay/fixtures/corpus";

const GOAL_MS = 50;
const corpus = CORPUS_DIR;

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
  if (!existsSync(corpus)) console.log(CORPUS_SKIPPED);
  for (const folder of existsSync(corpus) ? ["fdx", "osf", "fountain"] : []) {
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
