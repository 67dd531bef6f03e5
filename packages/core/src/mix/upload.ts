/**
 * A writer's own music track for the bed (docs/decisions.md#music-uploads):
 * MP3, WAV or M4A, at most 20 MB, the rights confirmed. The file is checked
 * on this machine before it is kept (ffprobe: is it audio, how long; ebur128:
 * is it silent), so a refusal leaves nothing behind; an accepted one is kept
 * in the writer's folder with its measured loudness, which the mix uses to set
 * it against the voices. A track over the API's body limit goes straight to
 * the bucket by a presigned PUT into an incoming folder, then is checked the
 * same way (docs/decisions.md#music-uploads-straight-to-the-bucket).
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { useUserId } from "../actor";
import { copyObject, deleteKeys, downloadFile, getObjectJson, listKeys, putObject } from "../blob/s3";
import { config } from "../config";
import { withLease } from "../dynamo/lease";
import { AppError, isAppError } from "../error";
import { probe } from "../media/ffmpeg";
import { presignMediaPut } from "../render/media-access";
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
/** Where a presigned PUT lands before the check: no render reads here, and the bucket's lifecycle empties it after a day. */
export const incomingMusicKey = (userId: string, musicUploadId: string) => `music-incoming/${userId}/${musicUploadId}`;
/** A presigned PUT works this long: time to send 20 MB on a slow line. */
export const MUSIC_PUT_LIFETIME_SECONDS = 15 * 60;

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
    throw AppError.badRequest(
      `The track is under ${MUSIC_UPLOAD.minSeconds} seconds long: choose a longer one, it will loop under the film.`,
    );
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

/** The refusals that need no file: the rights, the extension, the size. */
function checkRequest(input: { fileName: string; rightsConfirmed: boolean; size: number; truncated?: boolean }): string {
  if (!input.rightsConfirmed) throw AppError.badRequest("Confirm that you have the rights to use this music.");
  const extension = extname(input.fileName).toLowerCase();
  if (!(MUSIC_UPLOAD.extensions as readonly string[]).includes(extension))
    throw new AppError("unsupported_media_type", "Choose an MP3, WAV or M4A file.");
  if (input.truncated || input.size > MUSIC_UPLOAD.maxBytes)
    throw new AppError("payload_too_large", `The track must be ${MUSIC_UPLOAD.maxBytes / 1024 / 1024} MB or smaller.`);
  if (!input.size) throw AppError.badRequest("The file is empty. Choose an MP3, WAV or M4A file.");
  return extension;
}

/** Checks the track at `path` and keeps it with `store` (which writes the track), then its facts; answers the upload. */
async function keepChecked(userId: string, musicUploadId: string, fileName: string, path: string, store: () => Promise<unknown>) {
  const facts = await checkTrack(path);
  const upload: MusicUpload = { musicUploadId, fileName, ...facts };
  await store();
  // The facts last: a track without them is not usable, so a failure between the two leaves nothing a render would take.
  await putObject(config.mediaBucket, factsKey(userId, musicUploadId), JSON.stringify(upload), "application/json");
  return upload;
}

/** Checks an uploaded track and keeps it; every refusal is a 4xx with what to do, and stores nothing. */
export async function saveMusicUpload(input: {
  fileName: string;
  bytes: Uint8Array;
  rightsConfirmed: boolean;
  truncated?: boolean;
}): Promise<MusicUpload> {
  const userId = useUserId();
  const extension = checkRequest({ ...input, size: input.bytes.length });
  const work = await mkdtemp(join(tmpdir(), "music-upload-"));
  try {
    const path = join(work, `track${extension}`);
    await writeFile(path, input.bytes);
    const musicUploadId = randomUUID();
    return await keepChecked(userId, musicUploadId, input.fileName, path, () =>
      putObject(config.mediaBucket, musicUploadKey(userId, musicUploadId), input.bytes, "application/octet-stream"),
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Step one of a track too large for the API's body: the same refusals that
 * need no file, then a presigned PUT of exactly `size` bytes into the
 * incoming folder. Nothing is written yet.
 */
export async function requestMusicPut(input: { fileName: string; size: number; rightsConfirmed: boolean }) {
  const userId = useUserId();
  checkRequest(input);
  const musicUploadId = randomUUID();
  const url = await presignMediaPut(incomingMusicKey(userId, musicUploadId), {
    contentLength: input.size,
    signingDate: new Date(),
    expiresIn: MUSIC_PUT_LIFETIME_SECONDS,
  });
  return { musicUploadId, url, method: "PUT" as const, expiresInSeconds: MUSIC_PUT_LIFETIME_SECONDS };
}

/** A second check of the same upload waits this long for the first, within the route's 28 s. */
const CHECK_WAIT_MS = 15_000;
export const CHECK_IN_PROGRESS = "This track is already being checked.";

/**
 * Step two: the track the browser put is checked as a posted one is. Refused,
 * it is deleted (the refusal leaves nothing); accepted, it moves to the
 * writer's folder and its facts are written. Checking an accepted track again
 * answers the same upload. One check of an upload runs at a time: a second
 * waits for the first and answers what it kept, or 409 if it takes too long
 * (docs/decisions.md#one-check-of-a-music-upload-at-a-time).
 */
export async function checkMusicPut(musicUploadId: string, input: { fileName: string; rightsConfirmed: boolean }): Promise<MusicUpload> {
  const userId = useUserId();
  if (!/^[0-9a-f-]{36}$/.test(musicUploadId)) throw AppError.notFound("That music track was not found. Upload it again.");
  return withLease(`music-check:${userId}/${musicUploadId}`, { waitMs: CHECK_WAIT_MS, busyMessage: CHECK_IN_PROGRESS }, async () => {
    const kept = await listKeys(config.mediaBucket, folder(userId, musicUploadId));
    if (kept.includes(factsKey(userId, musicUploadId))) return getOwnMusicUpload(userId, musicUploadId);
    const incoming = incomingMusicKey(userId, musicUploadId);
    const gone = AppError.notFound("That music track was not found: it did not arrive, or it has expired. Upload it again.");
    if (!(await listKeys(config.mediaBucket, incoming)).includes(incoming)) throw gone;
    const work = await mkdtemp(join(tmpdir(), "music-put-"));
    // Accepted or refused, the incoming object goes: a refusal leaves nothing, an acceptance has its copy. A failure
    // of ours (storage, ffmpeg) keeps it, so checking again needs no new upload; unchecked, it expires in a day.
    let settled = false;
    try {
      const path = join(work, `track${extname(input.fileName).toLowerCase()}`);
      await downloadFile(config.mediaBucket, incoming, path);
      checkRequest({ ...input, size: (await stat(path)).size });
      const upload = await keepChecked(userId, musicUploadId, input.fileName, path, async () => {
        // Expired from the incoming folder while it was checked: no track, so no facts either.
        if (!(await copyObject(config.mediaBucket, incoming, musicUploadKey(userId, musicUploadId)))) throw gone;
      });
      settled = true;
      return upload;
    } catch (error) {
      settled = isAppError(error) && error.status < 500;
      throw error;
    } finally {
      if (settled) await deleteKeys(config.mediaBucket, [incoming]);
      await rm(work, { recursive: true, force: true });
    }
  });
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
