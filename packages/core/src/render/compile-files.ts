/** The compile tasks' working files: a temporary folder per task, and the clips' images and narration in it. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { downloadFile } from "../blob/s3";
import { rangeReader } from "../blob/s3-ranges";
import { config } from "../config";
import type { ZipIndex } from "../media/zip-plan";
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

/** A previous render's zip, and each clip object's identity as its index names them (`{ETag}-{length}`). */
export interface ClipsInZip {
  zip: ZipIndex;
  identities: Map<string, string>;
}

/**
 * Downloads clips' images or audio (by clip index) and answers their local paths, indexed by clip. A clip whose
 * bytes the previous render's zip holds as they are (a stored entry of the same identity) is read from that zip,
 * nearby ones together (blob/s3-ranges.ts): a revised feature's two thousand frames in a few requests.
 */
export async function downloadClips(work: string, plan: CompilePlan, kind: "img" | "aud", indexes: number[], previous?: ClipsInZip): Promise<string[]> {
  const paths: string[] = new Array(plan.clips.length).fill("");
  const keyOf = (i: number) => (kind === "img" ? plan.clips[i].image : plan.clips[i].audio);
  for (const i of indexes) paths[i] = clipFile(work, kind, i, keyOf(i));
  const stored = new Map((previous?.zip.entries ?? []).flatMap((e) => (e.identity && e.method === 0 ? [[e.identity, e] as const] : [])));
  const entryOf = (i: number) => stored.get(previous?.identities.get(keyOf(i)) ?? "");
  const inZip = indexes.filter((i) => entryOf(i));
  const fromZip = async () => {
    if (!previous || !inZip.length) return;
    const reader = rangeReader(
      config.mediaBucket,
      previous.zip.zipKey,
      inZip.map((i) => {
        const e = entryOf(i)!;
        const start = e.headerOffset + e.headerLength;
        return [start, start + e.dataLength];
      }),
    );
    for (const [n, i] of inZip.entries()) await writeFile(paths[i], await reader.read(n));
  };
  await Promise.all([
    fromZip(),
    mapWithLimit(
      indexes.filter((i) => !entryOf(i)),
      TRANSFER_CONCURRENCY,
      (i) => downloadFile(config.mediaBucket, keyOf(i), paths[i]),
    ),
  ]);
  return paths;
}

export const allClips = (plan: CompilePlan) => plan.clips.map((_, i) => i);
