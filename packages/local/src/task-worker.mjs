// Entry of a local runner worker thread (task-threads.ts): loads TypeScript through tsx, as bin/storyboard.mjs does.
import { register } from "tsx/esm/api";

register();
await import("./task-worker.ts");
