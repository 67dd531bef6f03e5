/**
 * The compiled clips' narration as CompileAudio's mix needs it (docs/decisions.md#a-revised-compile-touches-only-what-changed):
 * every clip's audio identity, for the pieces' content keys, and the files of only the clips whose piece is mixed
 * anew. The identity stays the hash of the line's bytes (the keys of pieces stored by earlier renders still match);
 * what spares the download is the writer's index from each line's ETag, which one listing of each folder the lines
 * are in gives (the render's, and the store's for a reused line), to that hash, kept in the mix's folder of the
 * asset store and learnt from every line downloaded.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { downloadFile, getObjectJson, isMissingObject, listFoldersOf, putObject } from "../blob/s3";
import { config } from "../config";
import type { CompilePlan } from "../render/compile-plan";
import { mapWithLimit } from "../render/concurrency";
import { assetStoreKeys } from "../revision/asset-store";

/** Lines downloaded and hashed at once: each holds a file open and its bytes in memory. */
const AT_ONCE = 8;
/** Bump when the identity an entry maps to changes. */
const INDEX_VERSION = 1;
/** Entries an index keeps beyond the current render's clips before it forgets the older drafts' (it grows with each revision). */
const INDEX_SLACK = 4;

export interface ClipAudio {
  /** Per clip, where its file is (once fetched). */
  paths: string[];
  /** Per clip, the hash of its audio's bytes (mix/pieces.ts pieceKey). */
  ids: string[];
  /** Puts these clips' files at their paths (each downloaded once). */
  fetch(clips: number[]): Promise<void>;
}

/** A clip's audio identity for the mix's piece keys: the hash of its bytes. */
export async function fileHash(path: string): Promise<string> {
  return createHash("sha256").update(await readFile(path)).digest("hex");
}

type Owner = { userId: string; screenplayId: string; renderJobId: string };
interface AudioIndex {
  v: number;
  /** A line's ETag to the hash of its bytes. */
  ids: Record<string, string>;
}

const indexKey = (owner: Owner) => assetStoreKeys.asset(owner.userId, owner.screenplayId, "mix", "audio-ids.json");

async function readIndex(owner: Owner): Promise<Record<string, string>> {
  try {
    const index = await getObjectJson<AudioIndex>(config.mediaBucket, indexKey(owner));
    return index.v === INDEX_VERSION ? index.ids : {};
  } catch (error) {
    if (isMissingObject(error)) return {};
    throw error;
  }
}

/**
 * The clips' audio of a compile: identities from the index where a line's ETag is in it, else from the line
 * downloaded into `work` and hashed (a render of an old store learns them all once, and keeps them for the next).
 */
export async function clipAudio(owner: Owner, plan: Pick<CompilePlan, "clips">, work: string): Promise<ClipAudio> {
  const { clips } = plan;
  const paths = clips.map((c, i) => join(work, `aud-${String(i).padStart(5, "0")}${extname(c.audio)}`));
  const downloads = new Map<number, Promise<void>>();
  const fetchOne = (i: number) => {
    if (!downloads.has(i)) downloads.set(i, downloadFile(config.mediaBucket, clips[i].audio, paths[i]));
    return downloads.get(i)!;
  };
  const [listed, known] = await Promise.all([
    listFoldersOf(config.mediaBucket, clips.map((c) => c.audio)),
    readIndex(owner),
  ]);
  const tags = new Map(listed.map((o) => [o.key, o.tag]));
  const tagOf = clips.map((c) => tags.get(c.audio));
  const ids = await mapWithLimit(clips, AT_ONCE, async (_, i) => {
    const found = tagOf[i] && Object.hasOwn(known, tagOf[i]) ? known[tagOf[i]] : undefined;
    if (found) return found;
    await fetchOne(i);
    return fileHash(paths[i]);
  });
  const learnt = Object.fromEntries(tagOf.flatMap((tag, i) => (tag && !Object.hasOwn(known, tag) ? [[tag, ids[i]]] : [])));
  if (Object.keys(learnt).length) {
    const merged = { ...known, ...learnt };
    // Two renders of a screenplay at once may each write theirs: the one lost only costs downloads again.
    const kept = Object.keys(merged).length > INDEX_SLACK * clips.length ? Object.fromEntries(tagOf.flatMap((tag, i) => (tag ? [[tag, ids[i]]] : []))) : merged;
    const index: AudioIndex = { v: INDEX_VERSION, ids: kept };
    await putObject(config.mediaBucket, indexKey(owner), JSON.stringify(index), "application/json");
  }
  return { paths, ids, fetch: async (indexes) => void (await mapWithLimit(indexes, AT_ONCE, fetchOne)) };
}
