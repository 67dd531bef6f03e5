/**
 * One `npm start` per data folder, and nothing left behind (docs/decisions.md#crash-safety).
 * The run records its own pid and its stand-ins' pids in `.data/run.json`; the
 * next start stops what an earlier run that died left on its ports, and names
 * the pid of anything else that holds one. Startup problems that would
 * otherwise hang or print a stack (a read-only or full `.data`, Java missing)
 * become one line.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A startup problem the person can fix: `npm start` prints its message alone and exits non-zero. */
export class StartupError extends Error {}

interface RunRecord {
  pid: number;
  children: Record<string, number>;
}

const recordPath = (dataDir: string) => join(dataDir, "run.json");

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
};

const readRecord = (dataDir: string): RunRecord | undefined => {
  try {
    return JSON.parse(readFileSync(recordPath(dataDir), "utf8")) as RunRecord;
  } catch {
    return undefined;
  }
};

/** Writes and removes a small file, so a read-only or full folder fails now, in one line, not 90 s later inside a stand-in. */
export function assertWritable(dataDir: string) {
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = join(dataDir, ".write-check");
    writeFileSync(probe, Buffer.alloc(64 * 1024));
    rmSync(probe);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === "EROFS" || code === "EACCES" || code === "EPERM")
      throw new StartupError(`The data folder ${dataDir} is not writable (${code}). Make it writable, or move it.`);
    if (code === "ENOSPC" || code === "EDQUOT")
      throw new StartupError(`The disk that holds ${dataDir} is full (${code}). Free some space and start again.`);
    throw error;
  }
}

/** DynamoDB Local is a Java program, started through a launcher compiled with javac (docs/decisions.md#local-runtime-stays-local). */
export function assertJava() {
  for (const tool of ["java", "javac"]) {
    if (spawnSync(tool, ["-version"], { stdio: "ignore" }).error)
      throw new StartupError(
        `A JDK 17 or newer is needed for DynamoDB Local, and \`${tool}\` was not found. Install one (e.g. apt-get install openjdk-17-jdk-headless).`,
      );
  }
}

/**
 * Before the stand-ins start: refuses a second run on the same data, and stops the stand-ins an
 * earlier run left behind (their pids are in its record, and their command lines still match).
 */
export async function takeOverDataDir(dataDir: string, log: (line: string) => void = console.log) {
  const earlier = readRecord(dataDir);
  if (earlier && earlier.pid !== process.pid && alive(earlier.pid) && /start\.ts|storyboard/.test(commandLine(earlier.pid)))
    throw new StartupError(`Storyboard is already running on this data (pid ${earlier.pid}). Stop it first (kill ${earlier.pid}).`);
  for (const [name, pid] of Object.entries(earlier?.children ?? {})) {
    if (!alive(pid) || !/java|node/.test(commandLine(pid))) continue;
    process.kill(pid, "SIGKILL");
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    log(`Stopped ${name} (pid ${pid}), left running by an earlier run.`);
  }
  writeRecord(dataDir, { pid: process.pid, children: {} });
}

const writeRecord = (dataDir: string, record: RunRecord) => writeFileSync(recordPath(dataDir), JSON.stringify(record));

/** Adds (or replaces) a started stand-in's pid in this run's record. */
export function recordChild(dataDir: string, name: string, pid: number | undefined) {
  const record = readRecord(dataDir) ?? { pid: process.pid, children: {} };
  if (record.pid !== process.pid || pid === undefined) return;
  record.children[name] = pid;
  try {
    writeRecord(dataDir, record);
  } catch {
    // A full disk must not stop a restart; the record is only for the next start's cleanup.
  }
}

/** This run ended cleanly: nothing for the next start to stop. */
export function clearRecord(dataDir: string) {
  if (readRecord(dataDir)?.pid === process.pid) rmSync(recordPath(dataDir), { force: true });
}

/** The pid listening on a loopback TCP port, from /proc (Linux); undefined elsewhere or when it cannot be seen. */
export function portHolder(port: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN.
      if (fields[3] === "0A" && parseInt(fields[1]?.split(":")[1] ?? "", 16) === port) inodes.add(fields[9]);
    }
  }
  if (!inodes.size) return undefined;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(entry);
      }
    } catch {
      // Another user's process, or one that just ended.
    }
  }
  return undefined;
}
