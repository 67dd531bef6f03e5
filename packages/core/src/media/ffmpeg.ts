/**
 * The bundled ffmpeg and ffprobe (from @ffmpeg-installer / @ffprobe-installer;
 * never ffmpeg-static, which downloads at install time) and a small runner.
 */
import { spawn } from "node:child_process";
import { accessSync, chmodSync, constants } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";

const require = createRequire(import.meta.url);

/** Absolute path of the ffmpeg binary (override with FFMPEG_PATH). */
export const ffmpegPath: string = process.env.FFMPEG_PATH ?? (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
/** Absolute path of the ffprobe binary (override with FFPROBE_PATH). */
export const ffprobePath: string = process.env.FFPROBE_PATH ?? (require("@ffprobe-installer/ffprobe") as { path: string }).path;

/**
 * The installers make their binaries executable in a postinstall script,
 * which npm may skip (allowScripts); the tarballs do not always carry the
 * execute bit for everyone. Fix it once, or say clearly what is wrong.
 */
const checked = new Set<string>();
function ensureExecutable(binary: string): void {
  if (checked.has(binary) || process.platform === "win32") return;
  try {
    accessSync(binary, constants.X_OK);
  } catch {
    try {
      chmodSync(binary, 0o755);
    } catch {
      throw new FfmpegError(`${binary} is not executable; run: chmod +x ${binary}`, null, "");
    }
  }
  checked.add(binary);
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = "FfmpegError";
  }
}

export interface RunResult {
  stdout: Buffer;
  stderr: string;
}

const STDERR_LIMIT = 64 * 1024;

/**
 * At most this many ffmpeg/ffprobe processes at once in this process. On
 * Lambda every task has its own container, so it changes nothing there; on
 * one machine (npm start, tests, the command line) the compile Map starts up
 * to 10 segment tasks together, and 10 encoders on 2 cores only thrash.
 */
export const MAX_PROCESSES = Math.max(1, Number(process.env.FFMPEG_MAX_PROCESSES) || availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function withProcessSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PROCESSES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export interface RunOptions {
  cwd?: string;
  /**
   * Starts at once, beside the encoders holding the slots: for one light,
   * single-threaded process that a later step waits on (the narration), which
   * would otherwise queue behind every segment and then run alone.
   */
  besideEncoders?: boolean;
}

/** Runs a binary to completion; rejects with the tail of stderr when it exits non-zero. */
export function run(binary: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  ensureExecutable(binary);
  const start = () => spawnToCompletion(binary, args, options);
  return options.besideEncoders ? start() : withProcessSlot(start);
}

function spawnToCompletion(binary: string, args: string[], options: { cwd?: string }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.length > STDERR_LIMIT) stderr = stderr.slice(-STDERR_LIMIT); // keep the end, where the error is
    });
    child.on("error", (error) => reject(new FfmpegError(`Could not start ${binary}: ${error.message}`, null, stderr)));
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(stdout), stderr });
      else {
        const tail = stderr.trim().split("\n").slice(-6).join("\n");
        reject(new FfmpegError(`${binary.split(/[\\/]/).pop()} exited with code ${code}: ${tail}`, code, stderr));
      }
    });
  });
}

/** Runs ffmpeg quietly (errors still reach stderr) and never prompts. */
export function ffmpeg(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return run(ffmpegPath, ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args], options);
}

export interface ProbedStream {
  index: number;
  codecType: "video" | "audio" | string;
  codecName: string;
  width?: number;
  height?: number;
  pixFmt?: string;
  sampleRate?: number;
  channels?: number;
  /** Seconds, when the container knows it. */
  duration?: number;
  frames?: number;
}

export interface ProbeResult {
  /** Seconds (the container's duration). */
  duration: number;
  formatName: string;
  streams: ProbedStream[];
}

interface RawProbe {
  format?: { duration?: string; format_name?: string };
  streams?: {
    index: number;
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    sample_rate?: string;
    channels?: number;
    duration?: string;
    nb_frames?: string;
  }[];
}

const num = (v: string | undefined) => (v === undefined || v === "N/A" ? undefined : Number(v));

export async function probe(file: string): Promise<ProbeResult> {
  const { stdout } = await run(ffprobePath, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file]);
  const raw = JSON.parse(stdout.toString()) as RawProbe;
  return {
    duration: num(raw.format?.duration) ?? 0,
    formatName: raw.format?.format_name ?? "",
    streams: (raw.streams ?? []).map((s) => ({
      index: s.index,
      codecType: s.codec_type,
      codecName: s.codec_name,
      width: s.width,
      height: s.height,
      pixFmt: s.pix_fmt,
      sampleRate: num(s.sample_rate),
      channels: s.channels,
      duration: num(s.duration),
      frames: num(s.nb_frames),
    })),
  };
}
