/**
 * npm start's tutorial video in the background (docs/decisions.md, tutorial
 * video), against the local S3: kept when stored, stored when built before,
 * built by a child process when missing, and a failed build only logged.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deleteKeys, getObjectBytes, listKeys, putObject } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { TUTORIAL_VIDEO_KEY } from "@storyboard/core/public-environment";
import { ensureTutorialVideo } from "./background";

let repoRoot: string;
const video = () => join(repoRoot, ".data/tutorial/overview.mp4");
const stored = async () => (await listKeys(config.mediaBucket, TUTORIAL_VIDEO_KEY)).includes(TUTORIAL_VIDEO_KEY);
/** A stand-in for `storyboard tutorial`: a child process that writes the video (or fails). */
const fakeBuild = (exitCode: number) => [
  process.execPath,
  "-e",
  `require("fs").mkdirSync(".data/tutorial",{recursive:true}); console.log("recording"); if (${exitCode} === 0) require("fs").writeFileSync(".data/tutorial/overview.mp4","mp4"); process.exit(${exitCode});`,
];

beforeEach(async () => {
  repoRoot = await mkdtemp(join(tmpdir(), "tutorial-background-"));
  await deleteKeys(config.mediaBucket, [TUTORIAL_VIDEO_KEY]);
});
afterEach(async () => {
  await rm(repoRoot, { recursive: true, force: true });
  await deleteKeys(config.mediaBucket, [TUTORIAL_VIDEO_KEY]);
});

describe("GET /api/env and the tutorial", () => {
  it("names the video only once the bucket has it, so the page never asks for a missing file", async () => {
    const tutorialUrl = async () =>
      ((await (await fetch(new URL("/api/env", process.env.API_URL))).json()) as { TUTORIAL_VIDEO_URL: string | null }).TUTORIAL_VIDEO_URL;
    expect(await tutorialUrl()).toBeNull();
    await putObject(config.mediaBucket, TUTORIAL_VIDEO_KEY, "stored", "video/mp4");
    expect(await tutorialUrl()).toMatch(/\/tutorial\/overview\.mp4$/);
  });
});

describe("ensureTutorialVideo (npm start)", () => {
  it("leaves a stored video alone and builds nothing", async () => {
    await putObject(config.mediaBucket, TUTORIAL_VIDEO_KEY, "stored", "video/mp4");
    const lines: string[] = [];
    const run = ensureTutorialVideo({ repoRoot, env: process.env, log: (l) => lines.push(l), command: fakeBuild(0), delayMs: 0 });
    expect(await run.done).toBe("present");
    expect(lines).toEqual([]);
    expect(existsSync(video())).toBe(false);
  });

  it("stores a video an earlier build left in .data/tutorial", async () => {
    await mkdir(join(repoRoot, ".data/tutorial"), { recursive: true });
    await writeFile(video(), "earlier");
    const lines: string[] = [];
    const run = ensureTutorialVideo({ repoRoot, env: process.env, log: (l) => lines.push(l), command: fakeBuild(1), delayMs: 0 });
    expect(await run.done).toBe("stored");
    expect(Buffer.from(await getObjectBytes(config.mediaBucket, TUTORIAL_VIDEO_KEY)).toString()).toBe("earlier");
    expect(lines).toHaveLength(1);
  });

  it("builds a missing video in a child process, saying so once when it starts and once when it ends", async () => {
    const lines: string[] = [];
    const run = ensureTutorialVideo({ repoRoot, env: process.env, log: (l) => lines.push(l), command: fakeBuild(0), delayMs: 0 });
    expect(await run.done).toBe("built");
    expect(existsSync(video())).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/building it in the background at low priority \(log: \.data\/tutorial\/build\.log\)/);
    expect(lines[1]).toMatch(/ready/);
    expect(await readFile(join(repoRoot, ".data/tutorial/build.log"), "utf8")).toContain("recording");
  });

  it("logs a failed build with where to look, and leaves no video behind", async () => {
    const lines: string[] = [];
    const run = ensureTutorialVideo({ repoRoot, env: process.env, log: (l) => lines.push(l), command: fakeBuild(3), delayMs: 0 });
    expect(await run.done).toBe("failed");
    expect(lines[1]).toMatch(/not built \(exit 3\); see \.data\/tutorial\/build\.log/);
    expect(existsSync(video())).toBe(false);
    expect(await stored()).toBe(false);
  });

  it("stops a build still running when npm start stops", async () => {
    const slow = [process.execPath, "-e", "setTimeout(() => {}, 60000)"];
    const run = ensureTutorialVideo({ repoRoot, env: process.env, log: () => {}, command: slow, delayMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    run.stop();
    expect(await run.done).toBe("failed");
  });
});
