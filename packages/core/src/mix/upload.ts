/**
 * A writer's own music track for the bed (docs/decisions.md#music-uploads):
 * MP3, WAV or M4A, at most 20 MB, the rights confirmed. The file is checked
 * on this machine before anything is stored (ffprobe: is it audio, how long;
 * ebur128: is it silent), so a refusal leaves nothing behind; an accepted one
 * is kept in the writer's folder with its measured loudness, which the mix
 * uses to set it against the voices.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { useUserId } from "../actor";
import { getObjectJson, listKeys, putObject } from "../blob/s3";
import { config } from "../config";
import { AppError } from "../error";
import { probe } from "../media/ffmpeg";
import { MUSIC_UPLOAD } from "./schema";
import { measureFile } from "./loudness";

export interface MusicUpload {
  musicUploadId: string;
  fileName: string;
  durationMs: number;
  /** Integrated loudness as uploaded, LUFS. */
  loudnessLufs: number;
}

const folder = (userId: string, musicUploadId: string) => `music/${userId}/${musicUploadId}/`;
export const musicUploadKey = (userId: string, musicUploadId: string) => `${folder(userId, musicUploadId)}track`;
const factsKey = (userId: string, musicUploadId: string) => `${folder(userId, musicUploadId)}facts.json`;

/** What ffprobe calls the containers of the formats we take. */
const FORMATS = /^(mp3|wav|mov,mp4,m4a,3gp,3g2,mj2)$/;
const minutes = (seconds: number) => `${Math.round((seconds / 60) * 10) / 10} minutes`;

async function checkTrack(path: string): Promise<{ durationMs: number; loudnessLufs: number }> {
  const notAudio = AppError.badRequest("This file is not an audio track we can read. Choose an MP3, WAV or M4A file.");
  let probed;
  try {
    probed = await probe(path);
  } catch {
    throw notAudio;
  }
  const audio = probed.streams.find((s) => s.codecType === "audio");
  // A video in an M4A's clothes is not a music track either.
  if (!audio || !FORMATS.test(probed.formatName) || probed.streams.some((s) => s.codecType === "video" && s.codecName !== "mjpeg"))
    throw notAudio;
  const seconds = probed.duration || audio.duration || 0;
  if (seconds > MUSIC_UPLOAD.maxSeconds)
    throw AppError.badRequest(`The track is ${minutes(seconds)} long; the longest we take is ${MUSIC_UPLOAD.maxSeconds / 60} minutes.`);
  if (seconds < MUSIC_UPLOAD.minSeconds)
    throw AppError.badRequest(`The track is under ${MUSIC_UPLOAD.minSeconds} seconds long: choose a longer one, it will loop under the film.`);
  let loudness;
  try {
    loudness = await measureFile(path);
  } catch {
    throw notAudio;
  }
  if (!Number.isFinite(loudness.integrated) || loudness.integrated < MUSIC_UPLOAD.silentBelowLufs)
    throw AppError.badRequest("The track is silent. Choose a track with music in it.");
  return { durationMs: Math.round(seconds * 1000), loudnessLufs: loudness.integrated };
}

/** Checks an uploaded track and keeps it; every refusal is a 4xx with what to do, and stores nothing. */
export async function saveMusicUpload(input: { fileName: string; bytes: Uint8Array; rightsConfirmed: boolean; truncated?: boolean }): Promise<MusicUpload> {
  const userId = useUserId();
  if (!input.rightsConfirmed) throw AppError.badRequest("Confirm that you have the rights to use this music.");
  const extension = extname(input.fileName).toLowerCase();
  if (!(MUSIC_UPLOAD.extensions as readonly string[]).includes(extension))
    throw new AppError("unsupported_media_type", "Choose an MP3, WAV or M4A file.");
  if (input.truncated || input.bytes.length > MUSIC_UPLOAD.maxBytes)
    throw new AppError("payload_too_large", `The track must be ${MUSIC_UPLOAD.maxBytes / 1024 / 1024} MB or smaller.`);
  if (!input.bytes.length) throw AppError.badRequest("The file is empty. Choose an MP3, WAV or M4A file.");
  const work = await mkdtemp(join(tmpdir(), "music-upload-"));
  try {
    const path = join(work, `track${extension}`);
    await writeFile(path, input.bytes);
    const facts = await checkTrack(path);
    const musicUploadId = randomUUID();
    const upload: MusicUpload = { musicUploadId, fileName: input.fileName, ...facts };
    await putObject(config.mediaBucket, musicUploadKey(userId, musicUploadId), input.bytes, "application/octet-stream");
    // The facts last: a track without them is not usable, so a failure between the two leaves nothing a render would take.
    await putObject(config.mediaBucket, factsKey(userId, musicUploadId), JSON.stringify(upload), "application/json");
    return upload;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The writer's own upload, or a 404 (another writer's id is not found either). */
export async function getOwnMusicUpload(userId: string, musicUploadId: string): Promise<MusicUpload> {
  const missing = AppError.notFound("That music track was not found. Upload it again.");
  if (!/^[0-9a-f-]{36}$/.test(musicUploadId)) throw missing;
  const keys = await listKeys(config.mediaBucket, folder(userId, musicUploadId));
  if (!keys.includes(factsKey(userId, musicUploadId))) throw missing;
  return getObjectJson<MusicUpload>(config.mediaBucket, factsKey(userId, musicUploadId));
}

/** The loudness measured at upload, from the track's key. */
export async function readUploadLoudness(trackKey: string): Promise<number> {
  const facts = await getObjectJson<MusicUpload>(config.mediaBucket, trackKey.replace(/track$/, "facts.json"));
  return facts.loudnessLufs;
}
