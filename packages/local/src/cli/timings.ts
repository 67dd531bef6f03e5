import { readFileSync } from "node:fs";

/**
 * CPU seconds of finished child processes (ffmpeg), from Linux's /proc/self/stat
 * (cutime and cstime, in clock ticks of 1/100 s); undefined elsewhere.
 */
export function childrenCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name, which may hold spaces: the 3rd field (state) comes first.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Where a command-line render's wall time goes (`storyboard render --timings`):
 * marks since the process started, and each pipeline task's own time.
 */
export class Timings {
  private readonly marks: [label: string, atMs: number][] = [];
  private readonly tasks = new Map<string, { count: number; totalMs: number; firstMs: number; lastMs: number }>();

  /** Records `label` at the time since the process started (Node's own boot included). */
  mark(label: string) {
    this.marks.push([label, performance.now()]);
  }

  /** One task run that took `ms` and ended now. */
  task(name: string, ms: number) {
    const end = performance.now();
    const entry = this.tasks.get(name) ?? { count: 0, totalMs: 0, firstMs: end - ms, lastMs: end };
    entry.count++;
    entry.totalMs += ms;
    entry.firstMs = Math.min(entry.firstMs, end - ms);
    entry.lastMs = Math.max(entry.lastMs, end);
    this.tasks.set(name, entry);
  }

  report(): string {
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padStart(8);
    const lines = ["Timings (since the process started):"];
    for (const [label, at] of this.marks) lines.push(`  ${s(at)}  ${label}`);
    if (this.tasks.size) lines.push("Tasks (runs, summed time, from first start to last end):");
    for (const [name, t] of this.tasks)
      lines.push(`  ${name.padEnd(16)} ${String(t.count).padStart(4)}x ${s(t.totalMs)}   ${s(t.firstMs)} → ${s(t.lastMs)}`);
    // maxRSS is in kilobytes; ffmpeg and the local S3 run in their own processes.
    lines.push(`Peak memory: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (this process)`);
    // CPU time does not depend on what else the machine is doing, unlike the wall times above.
    const { user, system } = process.cpuUsage();
    const children = childrenCpuSeconds();
    const own = (user + system) / 1e6;
    lines.push(
      `CPU time: ${own.toFixed(1)} s this process${children === undefined ? "" : ` + ${children.toFixed(1)} s its finished children (ffmpeg)`}`,
    );
    return lines.join("\n");
  }
}
