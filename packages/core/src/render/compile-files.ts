/** The compile tasks' working files: a temporary folder per task, and the clips' images and narration in it. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { downloadFile } from "../blob/s3";
import { config } from "../config";
import type { CompilePlan } from "./compile-plan";
import { mapWithLimit } from "./concurrency";

/** Files moved to and from S3 at once by one task. */
export const TRANSFER_CONCURRENCY = 8;

/** Runs `run` in a new temporary folder, removed afterwards whatever happens. */
export async function inWorkDir<T>(renderJobId: string, run: (work: string) => Promise<T>): Promise<T> {
  const work = await mkdtemp(join(tmpdir(), `compile-${renderJobId.slice(0, 8)}-`));
  try {
    return await run(work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const clipFile = (work: string, kind: "img" | "aud", i: number, key: string) =>
  join(work, `${kind}-${String(i).padStart(5, "0")}${extname(key)}`);

/** Downloads clips' images or audio (by clip index) and answers their local paths, indexed by clip. */
export async function downloadClips(work: string, plan: CompilePlan, kind: "img" | "aud", indexes: number[]): Promise<string[]> {
  const paths: string[] = new Array(plan.clips.length).fill("");
  await mapWithLimit(indexes, TRANSFER_CONCURRENCY, async (i) => {
    const key = kind === "img" ? plan.clips[i].image : plan.clips[i].audio;
    paths[i] = clipFile(work, kind, i, key);
    await downloadFile(config.mediaBucket, key, paths[i]);
  });
  return paths;
}

export const allClips = (plan: CompilePlan) => plan.clips.map((_, i) => i);
