/**
 * The project zip of a render: its images, narration clips, captions, the
 * screenplay snapshot, an edit list that places every block on the timeline
 * and, under timeline/, the editing timelines that refer to the media by
 * relative paths, so the unpacked zip is a project folder (docs/product.md#editing-timelines). Written by
 * media/zip-plan.ts, with ZIP64 when the archive passes 4 GB (a feature with its stems does), and composed
 * from the previous render's zip where unchanged
 * (docs/decisions.md#a-revised-zip-is-composed-from-the-previous-one); media that is
 * already compressed is stored, and so is WAV narration: deflate shrank it by
 * only a quarter and was the largest part of packaging a render's CPU
 * (docs/decisions.md#scale). Text is deflated.
 */
import { createWriteStream } from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { basename, extname } from "node:path";
import type { Timeline } from "./timeline";
import { planZip, type StemPieceInput, type ZipEntryInput } from "./zip-plan";
import { runsStream } from "./zip-runs";

export interface ArchiveFile {
  /** The entry name inside its folder (images/ or audio/). */
  name: string;
  path: string;
  /** What identifies its bytes (the clip object's ETag): the same name and identity are copied from the previous zip. */
  identity?: string;
}

/** A stem WAV made of its header and the mix's pieces' samples (media/zip-plan.ts). */
export interface ArchiveStem {
  name: string;
  stem: { header: Uint8Array; pieces: StemPieceInput[] };
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
  stems?: (ArchiveFile | ArchiveStem)[];
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

/** A safe entry name: no folders, no traversal, no empty names. */
function entryName(folder: string, name: string): string {
  const clean = basename(name.replace(/\\/g, "/"))
    .replace(/[\u0000-\u001f]/g, "")
    .trim();
  if (!clean || clean === "." || clean === "..") throw new Error(`Invalid archive entry name: ${JSON.stringify(name)}`);
  return `${folder}${clean}`;
}

/** The project zip's entries in their order, each with what identifies its content (media/zip-plan.ts). */
export function projectZipEntries(input: ProjectZipInput): ZipEntryInput[] {
  const file =
    (folder: string) =>
    (f: ArchiveFile): ZipEntryInput => ({ name: entryName(folder, f.name), path: f.path, ...(f.identity ? { identity: f.identity } : {}) });
  const stem = (s: ArchiveFile | ArchiveStem): ZipEntryInput =>
    "stem" in s ? { name: entryName("stems/", s.name), stem: s.stem } : file("stems/")(s);
  const text = (name: string, value: string): ZipEntryInput => ({ name, text: value });
  return [
    ...input.images.map(file("images/")),
    ...input.audio.map(file("audio/")),
    text("captions.srt", input.captionsSrt),
    text("captions.vtt", input.captionsVtt),
    text("screenplay.json", JSON.stringify(input.screenplayJson, null, 2)),
    text("edit-list.json", JSON.stringify({ version: EDIT_LIST_VERSION, clips: input.editList }, null, 2)),
    ...(input.rootFiles ?? []).map(file("")),
    ...(input.stems ?? []).map(stem),
    ...(input.rootTexts ?? []).map((t) => text(entryName("", t.name), t.text)),
    ...(input.timelineTexts ?? []).map((t) => text(entryName("timeline/", t.name), t.text)),
  ];
}

/**
 * Writes the project zip, built whole, into `sink` as it is made: nothing of it is held whole. PackageRender
 * plans the same entries against the previous render's zip and uploads the runs (render/package-render.ts).
 */
export async function writeProjectZip(input: ProjectZipInput, sink: ZipSink, options: { modified?: Date; zip64?: boolean } = {}): Promise<ProjectZipResult> {
  const plan = await planZip(projectZipEntries(input), { modified: options.modified ?? new Date(), zip64: options.zip64 });
  await sink(runsStream(plan.runs));
  return { entries: plan.entries.map((e) => e.name) };
}
