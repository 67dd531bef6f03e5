/**
 * The project zip of a render: its images, narration clips, captions, the
 * screenplay snapshot, an edit list that places every block on the timeline
 * and, under timeline/, the editing timelines that refer to the media by
 * relative paths, so the unpacked zip is a project folder (docs/product.md#editing-timelines). Streamed to disk one file at a time with fflate; media that is
 * already compressed is stored, and so is WAV narration: deflate shrank it by
 * only a quarter and was the largest part of packaging a render's CPU
 * (docs/decisions.md#scale). Text is deflated.
 */
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, extname } from "node:path";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
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
  outPath: string;
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
  path: string;
  bytes: number;
  entries: string[];
}

const STORED = /\.(jpe?g|png|webp|gif|mp3|m4a|aac|mp4|ogg|opus|zip|wav|pdf)$/i;

/** A safe entry name: no folders, no traversal, no empty names. */
function entryName(folder: string, name: string): string {
  const clean = basename(name.replace(/\\/g, "/"))
    .replace(/[\u0000-\u001f]/g, "")
    .trim();
  if (!clean || clean === "." || clean === "..") throw new Error(`Invalid archive entry name: ${JSON.stringify(name)}`);
  return `${folder}${clean}`;
}

export async function writeProjectZip(input: ProjectZipInput): Promise<ProjectZipResult> {
  const files: { name: string; data: () => Promise<Uint8Array> }[] = [
    ...input.images.map((f) => ({ name: entryName("images/", f.name), data: () => readFile(f.path) })),
    ...input.audio.map((f) => ({ name: entryName("audio/", f.name), data: () => readFile(f.path) })),
  ];
  const text = (value: string) => async () => new TextEncoder().encode(value);
  files.push(
    { name: "captions.srt", data: text(input.captionsSrt) },
    { name: "captions.vtt", data: text(input.captionsVtt) },
    { name: "screenplay.json", data: text(JSON.stringify(input.screenplayJson, null, 2)) },
    { name: "edit-list.json", data: text(JSON.stringify({ version: EDIT_LIST_VERSION, clips: input.editList }, null, 2)) },
    ...(input.rootFiles ?? []).map((f) => ({ name: entryName("", f.name), data: () => readFile(f.path) })),
    ...(input.stems ?? []).map((f) => ({ name: entryName("stems/", f.name), data: () => readFile(f.path) })),
    ...(input.rootTexts ?? []).map((t) => ({ name: entryName("", t.name), data: text(t.text) })),
    ...(input.timelineTexts ?? []).map((t) => ({ name: entryName("timeline/", t.name), data: text(t.text) })),
  );
  const names = new Set<string>();
  for (const f of files) {
    if (names.has(f.name)) throw new Error(`Duplicate archive entry: ${f.name}`);
    names.add(f.name);
  }

  const out = createWriteStream(input.outPath);
  let bytes = 0;
  const finished = new Promise<void>((resolve, reject) => {
    out.on("error", reject);
    out.on("finish", resolve);
  });
  let zipError: Error | undefined;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      zipError = error;
      out.destroy(error);
      return;
    }
    bytes += chunk.length;
    out.write(chunk);
    if (final) out.end();
  });
  try {
    for (const f of files) {
      const entry = STORED.test(f.name) ? new ZipPassThrough(f.name) : new ZipDeflate(f.name, { level: 6 });
      zip.add(entry);
      entry.push(await f.data(), true);
      if (zipError) throw zipError;
    }
    zip.end();
  } catch (error) {
    zip.terminate();
    finished.catch(() => undefined); // the error below is the one to report
    out.destroy();
    throw error;
  }
  await finished;
  return { path: input.outPath, bytes, entries: [...names] };
}
