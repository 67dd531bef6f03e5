/**
 * A stand-in that exits on its own is started again with one log line (issue 21,
 * docs/decisions.md#crash-safety); one that keeps dying stays down and says so. The
 * supervisor is the one every stand-in runs under; the child here is a bare node process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { MAX_RESTARTS, supervised } from "./stand-ins";

const launched: ChildProcess[] = [];
afterEach(() => {
  for (const child of launched.splice(0)) child.kill("SIGKILL");
});

const launch = async () => {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  launched.push(child);
  await new Promise((resolve) => child.once("spawn", resolve));
  return child;
};
const current = () => launched[launched.length - 1]!;
const until = async (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5_000, interval: 20 });

describe("a supervised stand-in", () => {
  it("that exits is started again, with one log line, and stops for good when the run stops it", async () => {
    const lines: string[] = [];
    const standIn = await supervised("DynamoDB Local", "http://127.0.0.1:1", launch, { log: (line) => lines.push(line) });
    const first = current();
    first.kill("SIGKILL");
    await until(() => launched.length === 2);
    expect(lines).toEqual(["DynamoDB Local exited (SIGKILL); restarting it."]);
    const second = current();
    expect(second.exitCode).toBeNull();

    await standIn.stop();
    expect(second.signalCode ?? second.exitCode).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(launched).toHaveLength(2);
    expect(lines).toHaveLength(1);
  });

  it(`that exits more than ${MAX_RESTARTS} times in a minute stays down, and says so once`, async () => {
    const lines: string[] = [];
    const standIn = await supervised("The local S3", "http://127.0.0.1:1", launch, { log: (line) => lines.push(line) });
    for (let restarts = 0; restarts <= MAX_RESTARTS; restarts++) {
      const child = current();
      child.kill("SIGKILL");
      if (restarts < MAX_RESTARTS) await until(() => launched.length === restarts + 2);
    }
    await until(() => lines.length === MAX_RESTARTS + 1);
    expect(lines.at(-1)).toBe(`The local S3 exited ${MAX_RESTARTS + 1} times in a minute; it stays down.`);
    expect(launched).toHaveLength(MAX_RESTARTS + 1);
    await standIn.stop();
  });
});
