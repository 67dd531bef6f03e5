/**
 * cognito-local in a child that dies with npm start (its IPC channel closes
 * when npm start goes, however it goes; docs/decisions.md#crash-safety). It
 * runs in the folder that holds its config and data. Plain JavaScript.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const [dir] = process.argv.slice(2);
process.chdir(dir);
process.on("disconnect", () => process.exit(0));
await import(require.resolve("cognito-local/lib/bin/start.js"));
