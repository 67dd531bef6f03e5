import { useUserId } from "../actor";
import { getObjectJson } from "../blob/s3";
import { config } from "../config";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { readWholeOriginal } from "./parse-deadline";
import type { Block } from "./types";

export const SCREENPLAY_NOT_FOUND = "Screenplay not found.";

/** An upload whose file is not stored whole yet is nobody's to see (docs/decisions.md#crash-safety). */
export const isStoredWhole = (s: { fileStored?: boolean }) => s.fileStored !== false;

/** The caller's screenplay, or a 404 (another user's screenplay is indistinguishable from a missing one). */
export async function getOwnScreenplay(screenplayId: string) {
  const userId = useUserId();
  const { data } = await db.entities.screenplay.get({ screenplayId }).go();
  if (!data || data.userId !== userId || !isStoredWhole(data)) throw AppError.notFound(SCREENPLAY_NOT_FOUND);
  return data;
}

export type ScreenplayItem = Awaited<ReturnType<typeof getOwnScreenplay>>;

export function toSummary(s: ScreenplayItem) {
  return {
    id: s.screenplayId,
    title: s.title,
    status: s.status,
    originalFileName: s.originalFileName,
    pageCount: s.pageCount ?? null,
    estimatedCost: s.estimatedCost ?? null,
    renderCount: s.renderCount ?? 0,
    uploadedAt: s.uploadedAt,
    updatedAt: s.updatedAt,
  };
}

/** The caller's screenplays, newest upload first. */
export async function listOwnScreenplays() {
  const userId = useUserId();
  const { data } = await db.entities.screenplay.query.byUser({ userId }).go({ pages: "all", order: "desc" });
  return data.filter(isStoredWhole).map(toSummary);
}

export async function loadBlocks(s: ScreenplayItem): Promise<Block[]> {
  if (!s.parsedPath) return [];
  const parsed = await getObjectJson<{ blocks: Block[] }>(config.uploadsBucket, s.parsedPath);
  return parsed.blocks;
}

/** Everything the detail and prepare screens show. Blocks come along once parsing is done. */
export async function getScreenplayDetail(screenplayId: string) {
  const s = await getOwnScreenplay(screenplayId);
  return {
    ...toSummary(s),
    userId: s.userId,
    filePath: s.filePath,
    format: s.format ?? null,
    failureReason: s.failureReason ?? null,
    style: s.style,
    version: s.version,
    notes: s.notes ?? null,
    estimatedRenderTime: s.estimatedRenderTime ?? null,
    characterDictionary: s.characterDictionary ?? {},
    sceneDictionary: s.sceneDictionary ?? {},
    characterVoices: s.characterVoices ?? {},
    blocks: s.status === "ready" ? await loadBlocks(s) : [],
  };
}

export const ORIGINAL_NOT_WHOLE = "This screenplay's file was not stored whole. Please upload it again.";

/** The original file as uploaded, for its owner; never a cut-off one (docs/decisions.md#crash-safety). */
export async function readOriginalFile(screenplayId: string) {
  const s = await getOwnScreenplay(screenplayId);
  // A revised draft's file is stored before its version is recorded, so it is whole; its size was not recorded
  // before drafts kept it, so only a first upload's file is measured against `fileSize`.
  const bytes = await readWholeOriginal(s.filePath, (s.version ?? 1) > 1 ? undefined : s.fileSize);
  if (!bytes) throw new AppError("conflict", ORIGINAL_NOT_WHOLE);
  return {
    bytes,
    fileName: s.originalFileName,
    isZip: s.filePath.endsWith(".fadein"),
  };
}
