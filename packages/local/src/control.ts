/**
 * `npm start`'s control socket (`.data/control.sock`): the command line asks the
 * running product to do something in its own process, where its state-machine
 * runner lives (`storyboard job NAME`). A Unix socket in the data folder, so only
 * this machine's user who owns `.data` can reach it; nothing listens on a port.
 */
import { existsSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { join } from "node:path";

export const controlSocket = (dataDir: string) => join(dataDir, "control.sock");

export type ControlHandler = (body: { job?: string }) => Promise<{ status: number; body: unknown }>;

export async function startControlServer(dataDir: string, handle: ControlHandler): Promise<Server> {
  const path = controlSocket(dataDir);
  // A socket left by a run that was killed: the caller has already made sure no other run is alive (instance.ts).
  if (existsSync(path)) rmSync(path, { force: true });
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", async () => {
      let answer: { status: number; body: unknown };
      try {
        answer = await handle(JSON.parse(text || "{}"));
      } catch (error) {
        answer = { status: 500, body: { message: (error as Error).message } };
      }
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  server.unref();
  return server;
}

/** Sends one request to the running product; rejects with a readable reason when none is running. */
export function callControl(dataDir: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const socketPath = controlSocket(dataDir);
  return new Promise((resolve, reject) => {
    if (!existsSync(socketPath)) return reject(new Error("npm start is not running (start it first: npm start)."));
    const req = request({ socketPath, path: "/", method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || "null") }));
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ECONNREFUSED" || error.code === "ENOENT" ? new Error("npm start is not running (start it first: npm start).") : error),
    );
    req.end(JSON.stringify(body));
  });
}
