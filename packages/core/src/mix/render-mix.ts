/**
 * A render's sound mix in the compile phase (docs/decisions.md#the-sound-mix):
 * CompileAudio makes it from the render's settings, its stems kept per piece, as
 * FLAC, in the writer's store, and names the pieces in the compile folder;
 * PackageRender, which runs after it, joins them into the project zip under
 * stems/ as WAV (copying the pieces the previous render's zip holds), which every editing program reads
 * (docs/decisions.md#stems-as-flac-in-the-compile,
 * docs/decisions.md#a-master-in-chunks), and gives the editing timelines their
 * music lane.
 */
import { mkdir, open, rm } from "node:fs/promises";
import { join } from "node:path";
import { downloadFile, getObjectJson, isMissingObject, listKeys, putObject, uploadFile } from "../blob/s3";
import { config } from "../config";
import { db } from "../dynamo/service";
import { type CompilePlan, compileKeys, timelineOf } from "../render/compile-plan";
import { mapWithLimit } from "../render/concurrency";
import type { RenderBlockItem, RenderJobItem } from "../render/jobs";
import { sceneMood } from "../render/story-facts";
import { type Mood, moodOfScene } from "./bed";
import { DEFAULT_LEVELS, DEFAULT_MUSIC, LEVEL_KINDS, MIX_RATE, type MixLevels, type MusicChoice } from "./schema";
import type { ArchiveStem } from "../media/archive";
import { ffmpeg } from "../media/ffmpeg";
import { readWavInfo, wavHeader } from "../media/wav";
import type { MixClip, MixMusic } from "./mix-input";
import { BED_REFERENCE_LUFS, type MixInput, type PieceStore, writeMix } from "./mix";
import { musicUploadKey, readUploadLoudness } from "./upload";
import type { PieceLoudness } from "./pieces";
import { storedRolls } from "./rolls";
import { parsePieceFactsName, pieceFactsName } from "./piece-facts";
import type { ClipAudio } from "./clip-audio";
import { assetStoreKeys } from "../revision/asset-store";

type MixSettingsOf = Pick<RenderJobItem, "music" | "musicUploadId" | "mixLevels" | "userId">;

/** The render's music choice; renders made before the mix have none. */
export const musicOf = (job: Pick<RenderJobItem, "music">): MusicChoice =>
  job.music === "generated" || job.music === "upload" ? job.music : DEFAULT_MUSIC;

export function levelsOf(job: Pick<RenderJobItem, "mixLevels">): MixLevels {
  const stored = (job.mixLevels ?? {}) as Partial<MixLevels>;
  return Object.fromEntries(LEVEL_KINDS.map((k) => [k, typeof stored[k] === "number" ? stored[k] : DEFAULT_LEVELS[k]])) as MixLevels;
}

/** The stems a render's mix leaves for the project zip (music only when there is music). */
export const STEM_NAMES = ["dialogue", "narration", "music"] as const;
export type StemName = (typeof STEM_NAMES)[number];
/** Their entry names in the project zip; the timelines refer to the music by it. */
export const stemEntry = (stem: StemName) => `stems/${stem}.wav`;

/** Per compiled clip: its lane (a character's line or the narrator's) and its scene; per scene, its mood. */
export function clipLanes(plan: Pick<CompilePlan, "clips">, blocks: RenderBlockItem[]) {
  const byId = new Map(blocks.map((b) => [b.blockId, b]));
  let scene = -1;
  const sceneText: string[] = [];
  const lanes = plan.clips.map((c) => {
    const block = byId.get(c.blockId);
    if (block?.type === "scene_heading" || scene < 0) {
      scene++;
      sceneText[scene] = "";
    }
    sceneText[scene] += ` ${block?.text ?? ""}`;
    return { lane: block?.type === "dialogue" ? ("dialogue" as const) : ("narration" as const), scene };
  });
  const moods: Mood[] = sceneText.map((text) => moodOfScene(sceneMood(text)));
  return { lanes, moods };
}

/** What plays under the voices, with the uploaded track fetched into `work`. */
export async function musicFor(job: MixSettingsOf, moods: Mood[], work: string): Promise<MixMusic | undefined> {
  const choice = musicOf(job);
  if (choice === "none") return undefined;
  if (choice === "generated") return { kind: "generated", moods };
  if (!job.musicUploadId) throw new Error("The render chose an uploaded track but names none.");
  const key = musicUploadKey(job.userId, job.musicUploadId);
  const path = join(work, `music-upload-${job.musicUploadId}`);
  await downloadFile(config.mediaBucket, key, path);
  const loudness = await readUploadLoudness(key);
  return { kind: "upload", path, gainDb: BED_REFERENCE_LUFS - loudness };
}

export type MixClipInput = Omit<MixClip, "lane" | "scene">;

export function mixClips(clips: MixClipInput[], lanes: { lane: MixClip["lane"]; scene: number }[]): MixClip[] {
  return clips.map((c, i) => ({ ...c, ...lanes[i] }));
}

/** Where CompileAudio says which pieces' stems PackageRender joins (docs/decisions.md#a-master-in-chunks). */
export const stemsManifestKey = (owner: { userId: string; renderJobId: string }) => `${compileKeys.folder(owner)}stems/pieces.json`;
interface StemsManifest {
  music: boolean;
  /** The pieces' keys in the writer's store, in order. */
  pieces: string[];
}

/**
 * The stems CompileAudio mixed, as zip entries (docs/decisions.md#a-revised-zip-is-composed-from-the-previous-one):
 * each a 16-bit WAV header and its pieces' samples in order. A piece the previous zip's stem holds (`kept`,
 * by key: its length) is copied from there; the others are downloaded from the writer's store into `work`
 * and decoded, losslessly (their sample format), each on its own.
 */
export async function stemsForZip(
  owner: { userId: string; renderJobId: string; screenplayId: string },
  work: string,
  kept: (entry: string) => Map<string, number>,
): Promise<ArchiveStem[]> {
  const manifest = await getObjectJson<StemsManifest>(config.mediaBucket, stemsManifestKey(owner));
  const names = stemNames(manifest.music);
  const store = pieceStore(owner);
  const keptOf = Object.fromEntries(names.map((stem) => [stem, kept(stemEntry(stem))]));
  const decoded = await mapWithLimit(manifest.pieces, TRANSFERS_AT_ONCE, async (key, j) => {
    const missing = names.filter((stem) => !keptOf[stem].has(key));
    if (!missing.length) return {};
    const dir = join(work, `stem-piece-${String(j).padStart(4, "0")}`);
    await mkdir(dir, { recursive: true });
    await store.stems(key, dir, manifest.music);
    const files: Partial<Record<StemName, { path: string; start: number; end: number }>> = {};
    for (const stem of missing) {
      const path = join(dir, `${stem}.wav`);
      await ffmpeg(["-i", join(dir, `${stem}.flac`), "-map", "0:a:0", "-c:a", "pcm_s16le", path]);
      const info = await wavInfoOf(path);
      if (info.channels !== STEM_CHANNELS[stem] || info.sampleRate !== MIX_RATE || info.bitsPerSample !== 16)
        throw new Error(`The ${stem} stem of piece ${key} is not ${STEM_CHANNELS[stem]}-channel 16-bit at ${MIX_RATE} Hz.`);
      files[stem] = { path, start: info.dataOffset, end: info.dataOffset + info.dataBytes };
      await rm(join(dir, `${stem}.flac`), { force: true });
    }
    return files;
  });
  return names.map((stem) => {
    const pieces = manifest.pieces.map((key, j) => ({ key, file: decoded[j][stem] }));
    const dataBytes = pieces.reduce((n, p) => n + (p.file ? p.file.end - p.file.start : keptOf[stem].get(p.key)!), 0);
    return { name: `${stem}.wav`, stem: { header: wavHeader(MIX_RATE, STEM_CHANNELS[stem], dataBytes), pieces } };
  });
}

/** The stems' channels: the voices' lanes are mono, the music bed stereo (mix/graph.ts). */
const STEM_CHANNELS: Record<StemName, number> = { dialogue: 1, narration: 1, music: 2 };

async function wavInfoOf(path: string) {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const info = readWavInfo(head.subarray(0, bytesRead));
    // The head holds only the start of the data: its length is the rest of the file.
    return { ...info, dataBytes: (await handle.stat()).size - info.dataOffset };
  } finally {
    await handle.close();
  }
}

/** A kept chunk's MP3, after its key (`{key}-master.mp3`), written after its AAC. */
const CHUNK_MP3 = "master.mp3";
const stemNames = (music: boolean) => (music ? STEM_NAMES : STEM_NAMES.filter((s) => s !== "music"));
/** Stored files moved at once. */
const TRANSFERS_AT_ONCE = 8;

/**
 * The writer's mix pieces in the asset store (docs/decisions.md#an-incremental-mix), beside the images, lines
 * and segments: `assets/{user}/{screenplay}/mix/{key}-{stem}.flac` are its stems and `{key}-loudness.json` its
 * loudness, written last, so a piece half kept is never found (one flat folder per kind, as the command line's
 * reuse folder copies them). The master's chunks (docs/decisions.md#a-master-in-chunks) are beside them,
 * `{key}-master.aac` and `{key}-master.mp3`, the MP3 written last and looked for first. Deleting the
 * screenplay deletes them with its other assets.
 */
export function pieceStore(owner: { userId: string; screenplayId: string }): PieceStore {
  const file = (key: string, name: string) => assetStoreKeys.asset(owner.userId, owner.screenplayId, "mix", `${key}-${name}`);
  const factsFolder = assetStoreKeys.facts(owner.userId, owner.screenplayId);
  // Every kept piece's facts from one listing, on first need (piece-facts.ts); a piece kept before them is read.
  let listed: Promise<Map<string, PieceLoudness>> | undefined;
  const listedFacts = () =>
    (listed ??= listKeys(config.mediaBucket, `${factsFolder}mix/`).then((keys) => {
      const facts = new Map<string, PieceLoudness>();
      for (const key of keys) {
        const found = parsePieceFactsName(key.slice(factsFolder.length));
        if (found) facts.set(found.key, found.loudness);
      }
      return facts;
    }));
  return {
    async loudness(key) {
      const known = (await listedFacts()).get(key);
      if (known) return known;
      let stored: { samples: number; integrated: number | null; truePeak: number | null; rolls?: unknown };
      try {
        stored = await getObjectJson(config.mediaBucket, file(key, "loudness.json"));
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
      // JSON has no −Infinity (a silent piece): it is kept as null.
      const figure = (n: number | null) => n ?? Number.NEGATIVE_INFINITY;
      const rolls = storedRolls(stored.rolls);
      return { samples: stored.samples, integrated: figure(stored.integrated), truePeak: figure(stored.truePeak), ...(rolls ? { rolls } : {}) };
    },
    async stems(key, dir, music) {
      await Promise.all(stemNames(music).map((stem) => downloadFile(config.mediaBucket, file(key, `${stem}.flac`), join(dir, `${stem}.flac`))));
    },
    async keepPiece(key, dir, loudness: PieceLoudness, music) {
      await Promise.all(stemNames(music).map((stem) => uploadFile(config.mediaBucket, file(key, `${stem}.flac`), join(dir, `${stem}.flac`), "audio/flac")));
      const figure = (n: number) => (Number.isFinite(n) ? n : null);
      const stored = { samples: loudness.samples, integrated: figure(loudness.integrated), truePeak: figure(loudness.truePeak), rolls: loudness.rolls };
      await putObject(config.mediaBucket, file(key, "loudness.json"), JSON.stringify(stored), "application/json");
      // Its facts last: a piece listed is whole.
      const facts = pieceFactsName(key, loudness);
      if (facts) await putObject(config.mediaBucket, `${factsFolder}${facts}`, new Uint8Array(0), "application/octet-stream");
    },
    async keptChunks() {
      const folder = assetStoreKeys.asset(owner.userId, owner.screenplayId, "mix", "");
      const names = (await listKeys(config.mediaBucket, folder)).map((key) => key.slice(folder.length));
      const end = `-${CHUNK_MP3}`;
      return new Set(names.flatMap((name) => (name.endsWith(end) ? [name.slice(0, -end.length)] : [])));
    },
    async findChunk(key, aacPath, mp3Path) {
      try {
        await downloadFile(config.mediaBucket, file(key, CHUNK_MP3), mp3Path);
      } catch (error) {
        if (isMissingObject(error)) return false;
        throw error;
      }
      await downloadFile(config.mediaBucket, file(key, "master.aac"), aacPath);
      return true;
    },
    async keepChunk(key, aacPath, mp3Path) {
      await uploadFile(config.mediaBucket, file(key, "master.aac"), aacPath, "audio/aac");
      await uploadFile(config.mediaBucket, file(key, CHUNK_MP3), mp3Path, "audio/mpeg");
    },
  };
}

export interface RenderMixInput {
  job: RenderJobItem;
  plan: CompilePlan;
  blocks: RenderBlockItem[];
  /** The compiled clips' audio: every identity, the files fetched only for the pieces mixed anew (clip-audio.ts). */
  audio: ClipAudio;
  work: string;
  m4aPath: string;
  mp3Path: string;
  /** Called as each output is whole (master.ts). */
  onWritten?: MixInput["onWritten"];
}

/**
 * CompileAudio's mix: the compiled clips' lines on their lanes under the render's music, mixed in pieces per
 * segment, the unchanged ones reused from the writer's store (docs/decisions.md#an-incremental-mix). Leaves
 * the AAC and MP3 at their paths, keeps the stems for PackageRender and counts the pieces on the job.
 */
export async function writeRenderMix({ job, plan, blocks, audio, work, m4aPath, mp3Path, onWritten }: RenderMixInput) {
  const timeline = timelineOf(plan);
  const { lanes, moods } = clipLanes(plan, blocks);
  const clips = plan.clips.map((c, i) => {
    const { startMs, holdMs } = timeline.clips[i];
    return { audioPath: audio.paths[i], startMs, holdMs, durationMs: c.durationMs };
  });
  const music = await musicFor(job, moods, work);
  const { pieceStems, pieces, chunks } = await writeMix({
    clips: mixClips(clips, lanes),
    levels: levelsOf(job),
    music,
    work,
    m4aPath,
    mp3Path,
    onWritten,
    pieceStarts: plan.segments.map((s) => s.firstClip),
    reuse: { userId: job.userId, audioIds: audio.ids, trackId: job.musicUploadId, store: pieceStore(job) },
    fetchClips: audio.fetch,
  });
  // Set, not added: CompileAudio runs once per compile (and again whole when retried).
  await db.entities.renderJob
    .patch({ renderJobId: job.renderJobId })
    .set({
      mixPiecesReused: pieces.reused,
      mixPiecesMixed: pieces.total - pieces.reused,
      masterChunksReused: chunks.reused,
      masterChunksEncoded: chunks.total - chunks.reused,
    })
    .go();
  // The stems stay in pieces in the writer's store: PackageRender joins them (stemsForZip).
  const manifest: StemsManifest = { music: Boolean(music), pieces: pieceStems.map((p) => p.key!) };
  await putObject(config.mediaBucket, stemsManifestKey(job), JSON.stringify(manifest), "application/json");
}
