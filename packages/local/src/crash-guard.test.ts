import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runHandler } from "./api-server";

describe("the local server survives any throw inside a handler", () => {
  it("answers 500 for a handler that throws, synchronously or not, and 503 for one that never answers", async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(
        (
          await runHandler(() => {
            throw new Error("sync");
          })
        ).statusCode,
      ).toBe(500);
      expect((await runHandler(async () => Promise.reject(new Error("async")))).statusCode).toBe(500);
      const hung = await runHandler(() => new Promise(() => {}), 50);
      expect(hung.statusCode).toBe(503);
      expect(JSON.parse(hung.body as string).message).toBe("The server took too long to answer. Please try again.");
    } finally {
      console.error = quiet;
    }
  });

  let child: ChildProcess | undefined;
  afterAll(() => child?.kill());

  it("keeps serving after an error escapes every handler (an unheard 'error' event, an unawaited rejection)", async () => {
    const script = fileURLToPath(new URL("./test/stray-error-server.ts", import.meta.url));
    child = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "inherit"] });
    const port = await new Promise<number>((resolve, reject) => {
      child!.stdout!.once("data", (d: Buffer) => resolve(Number(d.toString().trim())));
      child!.once("exit", (code) => reject(new Error(`exited ${code}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 5; i++) expect((await fetch(`${url}/throw`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(await (await fetch(`${url}/`)).text()).toBe("ok");
    expect(child.exitCode).toBeNull();
  });
});
