/**
 * Is an incrementally compiled video the same video as a full compile
 * (docs/decisions.md#proving-an-incremental-render)? Where the two could differ
 * is where segments are joined, so this reads the decoded frames either side of
 * every seam (ffmpeg's framemd5: one MD5 per decoded frame), the first and last
 * frames, the number of video frames and the duration. Used by the revision
 * benchmark and the incremental-compile test.
 */
import { ffmpeg, ffprobePath, probe, run } from "@storyboard/core/media/ffmpeg";
import { FPS } from "@storyboard/core/media/timeline";

export interface VideoFingerprint {
  /** Decoded frames in the video stream (counted from its packets, without decoding). */
  frames: number;
  /** Seconds, from the container. */
  duration: number;
  /** Per checked frame number, its MD5. */
  checksums: Map<number, string>;
}

/** MD5s of `count` decoded frames from frame `first` (an accurate input seek: ffmpeg decodes from the keyframe before). */
async function frameChecksums(video: string, first: number, count: number): Promise<string[]> {
  const { stdout } = await ffmpeg(["-ss", (first / FPS).toFixed(5), "-i", video, "-map", "0:v", "-frames:v", String(count), "-f", "framemd5", "pipe:1"]);
  return stdout
    .toString()
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.split(",").pop()!.trim());
}

/** The frames `around` either side of every seam, the first and the last frames, the frame count and the duration. */
export async function fingerprint(video: string, seams: number[], around = 3): Promise<VideoFingerprint> {
  const { stdout } = await run(ffprobePath, [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-count_packets",
    "-show_entries",
    "stream=nb_read_packets",
    "-of",
    "csv=p=0",
    video,
  ]);
  const frames = Number(stdout.toString().trim());
  const { duration } = await probe(video);
  const checksums = new Map<number, string>();
  const windows = [0, ...seams, frames - around].map((seam) => Math.max(0, seam - around));
  for (const start of windows) {
    const count = Math.min(2 * around, frames - start);
    (await frameChecksums(video, start, count)).forEach((md5, k) => checksums.set(start + k, md5));
  }
  return { frames, duration, checksums };
}

/** What differs between two fingerprints (empty when they agree), in words for a report or a test failure. */
export function differences(a: VideoFingerprint, b: VideoFingerprint): string[] {
  const found: string[] = [];
  if (a.frames !== b.frames) found.push(`${a.frames} frames against ${b.frames}`);
  if (Math.abs(a.duration - b.duration) > 0.5 / FPS) found.push(`${a.duration.toFixed(3)} s against ${b.duration.toFixed(3)} s`);
  for (const [frame, md5] of a.checksums) {
    const other = b.checksums.get(frame);
    if (other !== undefined && other !== md5) found.push(`frame ${frame} differs`);
  }
  if (a.checksums.size !== b.checksums.size) found.push(`${a.checksums.size} checked frames against ${b.checksums.size}`);
  return found;
}
