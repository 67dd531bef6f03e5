/**
 * `storyboard job NAME` (issue 21): the command asks the running `npm start` over its
 * control socket, which runs the job in its own process. The socket and the command are
 * real here; only the job itself is replaced, so nothing needs the stand-ins.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "node:http";
import { SCHEDULED_JOBS, type ScheduledJob } from "@storyboard/core/jobs/schedules";
import { startControlServer } from "../control";
import { runJobOnRequest } from "../recovery";
import { command } from "./job";

let dataDir: string;
let server: Server | undefined;
let out: string[];
let err: string[];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "storyboard-job-"));
  vi.stubEnv("STORYBOARD_DATA_DIR", dataDir);
  out = [];
  err = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, "error").mockImplementation((line: string) => void err.push(line));
});
afterEach(() => {
  server?.close();
  server = undefined;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

async function runningStart(run: (job: ScheduledJob) => Promise<unknown>) {
  server = await startControlServer(dataDir, runJobOnRequest(run));
}

describe("npx storyboard job NAME", () => {
  it("runs the named job now, in the running npm start, and prints what it answered", async () => {
    const ran: string[] = [];
    await runningStart(async (job) => {
      ran.push(job.name);
      return { resumedRenders: 1 };
    });
    expect(await command.run(["stuck-work"])).toBe(0);
    expect(ran).toEqual(["stuck-work"]);
    expect(out).toEqual(['stuck-work: {"resumedRenders":1}']);
  });

  it("refuses an unknown name with a clear error that lists every job, and runs nothing", async () => {
    const ran: string[] = [];
    await runningStart(async (job) => void ran.push(job.name));
    expect(await command.run(["stuck-wrok"])).toBe(2);
    expect(ran).toEqual([]);
    expect(err.join("\n")).toContain('Unknown job "stuck-wrok".');
    for (const job of SCHEDULED_JOBS) expect(err.join("\n")).toContain(job.name);
  });

  it("says npm start is not running when nothing answers, and exits non-zero", async () => {
    expect(await command.run(["weekly-digest"])).toBe(1);
    expect(err).toEqual(["npm start is not running (start it first: npm start)."]);
  });

  it("reports a job that failed, with its reason, and exits non-zero", async () => {
    await runningStart(async () => Promise.reject(new Error("the table is unavailable")));
    expect(await command.run(["hosting-expiry"])).toBe(1);
    expect(err).toEqual(["hosting-expiry failed: the table is unavailable"]);
  });

  it("the control socket refuses a name the command line did not check", async () => {
    expect(await runJobOnRequest(async () => "ran")({ job: "no-such-job" })).toEqual({ status: 404, body: { message: 'Unknown job "no-such-job".' } });
  });
});
