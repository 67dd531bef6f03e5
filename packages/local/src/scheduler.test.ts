import { SCHEDULED_JOBS } from "@storyboard/core/jobs/schedules";
import { nextRun, startScheduler } from "./scheduler";

describe("the scheduled jobs on one machine", () => {
  it("reads EventBridge cron and rate expressions, in UTC", () => {
    const thursdayNoon = new Date("2026-11-26T12:00:00Z");
    expect(nextRun("cron(0 9 ? * MON *)", thursdayNoon).toISOString()).toBe("2026-11-30T09:00:00.000Z");
    expect(nextRun("cron(0 3 * * ? *)", thursdayNoon).toISOString()).toBe("2026-11-27T03:00:00.000Z");
    expect(nextRun("cron(0 3 * * ? *)", new Date("2026-11-26T02:59:00Z")).toISOString()).toBe("2026-11-26T03:00:00.000Z");
    expect(nextRun("rate(5 minutes)", thursdayNoon).toISOString()).toBe("2026-11-26T12:05:00.000Z");
    expect(nextRun("rate(1 hour)", thursdayNoon).toISOString()).toBe("2026-11-26T13:00:00.000Z");
  });

  it("refuses what EventBridge would refuse: five-field crons and unknown forms", () => {
    expect(() => nextRun("cron(0 3 * * *)", new Date())).toThrow(/not an EventBridge schedule/);
    expect(() => nextRun("every 5 minutes", new Date())).toThrow(/not an EventBridge schedule/);
  });

  it("understands every row of the jobs table", () => {
    for (const job of SCHEDULED_JOBS) expect(nextRun(job.schedule, new Date()).getTime()).toBeGreaterThan(Date.now());
  });

  it("runs each job when its time comes, and never a second run while the first is going", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T12:00:00Z") });
    try {
      const job = {
        name: "sweep",
        constructId: "Sweep",
        handler: "cron/stuck-work",
        schedule: "rate(5 minutes)",
        description: "",
        timeoutSeconds: 240,
        concurrency: 1,
        retryAttempts: 0,
      };
      let release!: () => void;
      const runs: string[] = [];
      const scheduler = startScheduler({
        jobs: [job],
        log: () => {},
        run: async () => {
          runs.push(new Date().toISOString());
          await new Promise<void>((resolve) => (release = resolve));
        },
      });
      await vi.advanceTimersByTimeAsync(4 * 60_000);
      expect(runs).toEqual([]);
      await vi.advanceTimersByTimeAsync(61_000);
      expect(runs).toEqual(["2026-11-26T12:05:00.000Z"]);
      await vi.advanceTimersByTimeAsync(5 * 60_000); // still running: skipped
      expect(runs).toHaveLength(1);
      release();
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(runs).toHaveLength(2);
      scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
