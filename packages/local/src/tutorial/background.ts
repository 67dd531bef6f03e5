/**
 * `npm start` makes sure /tutorials has its video (docs/decisions.md, tutorial
 * video): when the media bucket has none, it stores `.data/tutorial/overview.mp4`
 * if an earlier build left one, or else builds it with `storyboard tutorial` in
 * a child process at the lowest CPU priority, after the product is up. Nothing
 * waits for it; a failure is logged once and leaves the page without a video.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { listKeys, uploadFile } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { TUTORIAL_VIDEO_KEY } from "@storyboard/core/public-environment";

export interface TutorialInBackgroundOptions {
  repoRoot: string;
  /** The environment npm start was launched with (the child starts its own throwaway product). */
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** The command that builds the video; the project's CLI by default. */
  command?: string[];
  /** Let the first page loads go first. */
  delayMs?: number;
}

export interface TutorialInBackground {
  /** Settles when the video is there, was built, or could not be (never rejects). */
  done: Promise<"present" | "stored" | "built" | "failed">;
  /** Stops a build still running (npm start's Ctrl-C). */
  stop(): void;
}

/** Lowest CPU priority where `nice` exists (Linux, macOS), so the product stays responsive while it builds. */
const niced = (command: string[]) => (process.platform === "win32" ? command : ["nice", "-n", "19", ...command]);

export function ensureTutorialVideo({
  repoRoot,
  env,
  log = console.log,
  command,
  delayMs = 5000,
}: TutorialInBackgroundOptions): TutorialInBackground {
  const file = join(repoRoot, ".data/tutorial/overview.mp4");
  const logFile = join(repoRoot, ".data/tutorial/build.log");
  let child: ChildProcess | undefined;
  let stopped = false;

  const build = () =>
    new Promise<"built" | "failed">((resolve) => {
      mkdirSync(join(repoRoot, ".data/tutorial"), { recursive: true });
      const out = createWriteStream(logFile);
      const [program, ...args] = niced(command ?? [process.execPath, join(repoRoot, "packages/local/bin/storyboard.mjs"), "tutorial"]);
      log(`  Tutorial video: building it in the background at low priority (log: ${relative(repoRoot, logFile)}).`);
      // Its own process group: the build starts a throwaway product (a JVM, an S3 process), all stopped together.
      child = spawn(program, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
      child.stdout?.pipe(out);
      child.stderr?.pipe(out);
      child.on("error", (error) => {
        log(`  Tutorial video not built: ${error.message}. /tutorials stays without one; try npx storyboard tutorial.`);
        resolve("failed");
      });
      child.on("exit", (code, signal) => {
        child = undefined;
        if (stopped) return resolve("failed");
        if (code === 0 && existsSync(file)) {
          log("  Tutorial video ready: /tutorials plays it now.");
          return resolve("built");
        }
        log(
          `  Tutorial video not built (${signal ?? `exit ${code}`}); see ${relative(repoRoot, logFile)}. /tutorials stays without one; try npx storyboard tutorial.`,
        );
        resolve("failed");
      });
    });

  const done = (async () => {
    await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
    if (stopped) return "failed" as const;
    try {
      if ((await listKeys(config.mediaBucket, TUTORIAL_VIDEO_KEY)).includes(TUTORIAL_VIDEO_KEY)) return "present" as const;
      if (existsSync(file)) {
        await uploadFile(config.mediaBucket, TUTORIAL_VIDEO_KEY, file, "video/mp4");
        log(`  Tutorial video: stored ${relative(repoRoot, file)} for /tutorials.`);
        return "stored" as const;
      }
    } catch (error) {
      log(`  Tutorial video not checked: ${(error as Error).message.split("\n")[0]}. /tutorials stays as it is.`);
      return "failed" as const;
    }
    return stopped ? ("failed" as const) : build();
  })();

  return {
    done,
    stop() {
      stopped = true;
      if (child?.pid) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          child.kill("SIGTERM");
        }
      }
    },
  };
}
