/**
 * The project zip of a render: its images, narration clips, captions, the
 * screenplay snapshot, an edit list that places every block on the timeline
 * and, under timeline/, the editing timelines that refer to the media by
 * relative paths, so the unpacked zip is a project folder (docs/product.md#editing-timelines). Streamed to disk one file at a time with yazl, which writes ZIP64 when
 * the archive passes 4 GB (a feature with its stems does); media that is
 * already compressed is stored, and so is WAV narration: deflate shrank it by
 * only a quarter and was the largest part of packaging a render's CPU
 * (docs/decisions.md#scale). Text is deflated.
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { basename, extname } from "node:path";
import { ZipFile } from "yazl";
import type { Timeline } from "./timeline";

export interface ArchiveFile {
  /** The entry name inside its folder (images/ or audio/). */
  name: string;
  path: string;
}

/** Version 2: `durationMs` is the time on screen (version 1 gave the narration's length, and an editor trusting it left gaps). */
export const EDIT_LIST_VERSION = 2;

export interface EditListEntry {
  blockId: string;
  startMs: number;
  /** Time on screen: the clip's hold (media/timeline.ts). */
  durationMs: number;
  /** The narration's own length, which starts with the clip. */
  audioDurationMs: number;
  /** Entry names in the zip (images/..., audio/...). */
  image: string;
  audio: string;
}

export interface ProjectZipInput {
  images: ArchiveFile[];
  audio: ArchiveFile[];
  captionsSrt: string;
  captionsVtt: string;
  screenplayJson: unknown;
  editList: EditListEntry[];
  /** Files at the zip's root (the storyboard PDF) and texts (the shot list). */
  rootFiles?: ArchiveFile[];
  rootTexts?: { name: string; text: string }[];
  /** The sound mix's stems (mix/render-mix.ts), under stems/. */
  stems?: ArchiveFile[];
  /** The editing timelines (timeline/files.ts), under timeline/. */
  timelineTexts?: { name: string; text: string }[];
}

/** The media entry names of a compiled clip, shared by the zip and the timelines that point into it. */
export function clipEntryNames(index: number, blockId: string, imageExtension: string) {
  const number = String(index + 1).padStart(4, "0");
  return { image: `images/${number}-${blockId}${imageExtension}`, audio: `audio/${number}-${blockId}.wav` };
}

/** The edit list of a compiled video: each clip from its start for its time on screen, and its files. */
export function editListOf(timeline: Timeline, clips: { blockId: string; image: string }[]): EditListEntry[] {
  return clips.map((c, i) => ({
    blockId: c.blockId,
    startMs: timeline.clips[i].startMs,
    durationMs: timeline.clips[i].holdMs,
    audioDurationMs: timeline.clips[i].durationMs,
    ...clipEntryNames(i, c.blockId, extname(c.image)),
  }));
}

export interface ProjectZipResult {
  entries: string[];
}

/** Where the zip's bytes go as they are made: a file, or an upload (PackageRender streams it to S3). */
export type ZipSink = (zip: Readable) => Promise<void>;

/** A sink that writes the zip to a file. */
export const toFile =
  (path: string): ZipSink =>
  (zip) =>
    pipeline(zip, createWriteStream(path));

const STORED = /\.(jpe?g|png|webp|gif|mp3|m4a|aac|mp4|ogg|opus|zip|wav|pdf)$/i;

/** A safe entry name: no folders, no traversal, no empty names. */
function entryName(folder: string, name: string): string {
  const clean = basename(name.replace(/\\/g, "/"))
    .replace(/[\u0000-\u001f]/g, "")
    .trim();
  if (!clean || clean === "." || clean === "..") throw new Error(`Invalid archive entry name: ${JSON.stringify(name)}`);
  return `${folder}${clean}`;
}

type ArchiveEntry = { name: string } & ({ text: string } | { path: string });

/**
 * Writes the project zip into `sink` as it is made: nothing of it is held whole, and PackageRender streams it
 * straight to S3, so a feature's zip (gigabytes, with its stems) never needs room on the task's disk beside them.
 */
export async function writeProjectZip(input: ProjectZipInput, sink: ZipSink): Promise<ProjectZipResult> {
  const file =
    (folder: string) =>
    (f: ArchiveFile): ArchiveEntry => ({ name: entryName(folder, f.name), path: f.path });
  const text = (name: string, value: string): ArchiveEntry => ({ name, text: value });
  const files: ArchiveEntry[] = [
    ...input.images.map(file("images/")),
    ...input.audio.map(file("audio/")),
    text("captions.srt", input.captionsSrt),
    text("captions.vtt", input.captionsVtt),
    text("screenplay.json", JSON.stringify(input.screenplayJson, null, 2)),
    text("edit-list.json", JSON.stringify({ version: EDIT_LIST_VERSION, clips: input.editList }, null, 2)),
    ...(input.rootFiles ?? []).map(file("")),
    ...(input.stems ?? []).map(file("stems/")),
    ...(input.rootTexts ?? []).map((t) => text(entryName("", t.name), t.text)),
    ...(input.timelineTexts ?? []).map((t) => text(entryName("timeline/", t.name), t.text)),
  ];
  const names = new Set<string>();
  for (const f of files) {
    if (names.has(f.name)) throw new Error(`Duplicate archive entry: ${f.name}`);
    names.add(f.name);
  }

  const zip = new ZipFile();
  for (const f of files) {
    const options = { compressionLevel: STORED.test(f.name) ? 0 : 6 };
    if ("text" in f) zip.addBuffer(Buffer.from(f.text, "utf8"), f.name, options);
    // Read when its turn comes, in chunks: a feature's music stem alone is over a gigabyte (docs/decisions.md#the-sound-mix).
    else zip.addFile(f.path, f.name, options);
  }
  zip.end();
  // yazl's types call it a NodeJS.ReadableStream; it is a stream.Readable (a PassThrough).
  const output = zip.outputStream as unknown as Readable;
  // yazl reports a file it cannot read on the ZipFile, not on its stream, which would then never end.
  const unreadable = once(zip, "error").then(([error]) => Promise.reject(error as Error));
  try {
    await Promise.race([sink(output), unreadable]);
  } catch (error) {
    output.destroy(error as Error);
    throw error;
  } finally {
    unreadable.catch(() => undefined);
  }
  return { entries: [...names] };
}
