/**
 * A zip's runs (media/zip-plan.ts) as a stream of bytes, for a zip written where no S3 copy can make it (a
 * file, a test): new bytes as they are, file ranges read in chunks, the previous zip's ranges read through
 * `readPrevious`. PackageRender uploads the same runs with blob/s3-compose.ts instead.
 */
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { ZipRun } from "./zip-plan";

/** Reads [start, end) of the previous zip. */
export type PreviousReader = (start: number, end: number) => AsyncIterable<Uint8Array>;

/** A file's bytes [start, end) (a previous zip kept on disk). */
export const fileRange =
  (path: string): PreviousReader =>
  (start, end) =>
    createReadStream(path, { start, end: end - 1 });

export function runsStream(runs: ZipRun[], readPrevious?: PreviousReader): Readable {
  async function* bytes() {
    for (const run of runs) {
      if ("bytes" in run) yield run.bytes;
      else if ("file" in run) {
        if (run.end > run.start) yield* createReadStream(run.file, { start: run.start, end: run.end - 1 });
      } else {
        if (!readPrevious) throw new Error("The zip copies from a previous zip that was not given.");
        yield* readPrevious(run.copy[0], run.copy[1]);
      }
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}
