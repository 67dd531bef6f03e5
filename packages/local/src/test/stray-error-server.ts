// A server whose handler throws outside any promise chain, for crash-guard.test.ts.
import { createServer } from "node:http";
import { EventEmitter } from "node:events";
import { keepServingAfterStrayErrors } from "../crash-guard";

keepServingAfterStrayErrors(() => {});
const server = createServer((req, res) => {
  if (req.url === "/throw") {
    // An "error" event nobody listens to, as busboy's file stream was: Node throws it.
    setImmediate(() => new EventEmitter().emit("error", new Error("stray")));
    setImmediate(() => void Promise.reject(new Error("unawaited")));
  }
  res.end("ok");
});
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify((server.address() as { port: number }).port)));
