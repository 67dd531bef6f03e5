import { portHolder, StartupError } from "./instance";
import { createServer } from "node:net";

/** A free TCP port on loopback (for tests, which must not collide with `npm start`). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export async function assertPortFree(port: number, what: string) {
  await new Promise<void>((resolve, reject) => {
    const srv = createServer();
    srv.once("error", () => {
      const pid = portHolder(port);
      const holder = pid ? ` by pid ${pid}` : "";
      reject(new StartupError(`Port ${port} (${what}) is in use${holder}. Stop it, or set another port (see .env.example).`));
    });
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve()));
  });
}

/** Java and Node start slowly on a busy two-core machine: be patient. */
export async function waitFor(what: string, probe: () => Promise<unknown>, timeoutMs = 90_000) {
  const started = Date.now();
  let lastError: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      await probe();
      return;
    } catch (e) {
      lastError = e;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000}s: ${String(lastError)}`);
}
