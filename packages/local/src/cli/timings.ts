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
    return lines.join("\n");
  }
}
