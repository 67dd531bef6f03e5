import { deleteKeys, getObjectBytes, getObjectJson, putObject } from "../blob/s3";
import { config } from "../config";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import type { CharacterVoices } from "./carry-over";
import { carryOverCharacters, matchRetiredCharacter } from "./carry-over";
import { draftKeys } from "./keys";
import type { DraftSummary, RetiredCharacter } from "./schema";
import { normaliseCharacterName } from "../screenplay/character-names";
import { getOwnScreenplay, type ScreenplayItem } from "../screenplay/records";
import type { Block, CharacterDictionary, ScreenplayFormat } from "../screenplay/types";
import { checkUploadedFile, contentTypeOf } from "../screenplay/upload";
import { isActive, type RenderStatus } from "../render/status";
import { estimateRenderSeconds } from "../screenplay/ingest";

/** One draft as stored on the screenplay item (`drafts`), oldest first. */
export interface DraftEntry {
  version: number;
  uploadedAt: string;
  pageCount: number;
  blockCount: number;
  originalFileName: string;
  format: ScreenplayFormat;
  filePath: string;
  parsedPath: string;
  /** The writer this draft's title page credits, when it names one. */
  writer?: string;
}

const NOT_READY = "This screenplay is still being processed. Try again in a moment.";

/** Every draft, oldest first. Before the first revision the screenplay item itself is draft 1. */
export function draftsOf(s: ScreenplayItem): DraftEntry[] {
  if (Array.isArray(s.drafts)) return s.drafts as DraftEntry[];
  if (s.status !== "ready" || !s.parsedPath) return [];
  return [
    {
      version: s.version ?? 1,
      uploadedAt: s.uploadedAt,
      pageCount: s.pageCount ?? 1,
      blockCount: s.blockCount ?? 0,
      originalFileName: s.originalFileName,
      format: (s.format ?? "fdx") as ScreenplayFormat,
      filePath: s.filePath,
      parsedPath: s.parsedPath,
    },
  ];
}

async function rendersOf(screenplayId: string) {
  const { data } = await db.entities.renderJob.query.byScreenplay({ screenplayId }).go({ pages: "all", order: "desc" });
  return data;
}

/** GET /api/screenplays/{id}/versions: every draft with its date, pages, file and renders, newest first. */
export async function listDrafts(screenplayId: string): Promise<DraftSummary[]> {
  const s = await getOwnScreenplay(screenplayId);
  const renders = await rendersOf(screenplayId);
  const current = s.version ?? 1;
  return draftsOf(s)
    .map((d) => ({
      version: d.version,
      uploadedAt: d.uploadedAt,
      pageCount: d.pageCount,
      blockCount: d.blockCount,
      originalFileName: d.originalFileName,
      format: d.format,
      current: d.version === current,
      renderCount: renders.filter((r) => (r.screenplayVersion ?? 1) === d.version).length,
    }))
    .reverse();
}

/** One draft of the caller's screenplay, or a 404 naming the drafts there are. */
export function findDraft(s: ScreenplayItem, version: number): DraftEntry {
  const draft = draftsOf(s).find((d) => d.version === version);
  if (!draft) throw AppError.notFound(`This screenplay has no draft ${version}.`);
  return draft;
}

export async function loadDraftBlocks(draft: DraftEntry): Promise<Block[]> {
  return (await getObjectJson<{ blocks: Block[] }>(config.uploadsBucket, draft.parsedPath)).blocks;
}

/** A draft's file as uploaded. */
export async function readDraftFile(screenplayId: string, version: number) {
  const draft = findDraft(await getOwnScreenplay(screenplayId), version);
  return {
    bytes: await getObjectBytes(config.uploadsBucket, draft.filePath),
    fileName: draft.originalFileName,
    isZip: draft.filePath.endsWith(".fadein"),
  };
}

/** The newest render that described its characters: where descriptions and voices come from when the screenplay has none. */
async function newestDescribedRender(screenplayId: string) {
  const renders = await rendersOf(screenplayId);
  const described = renders.find((r) =>
    Object.values((r.screenplaySnapshot?.characterDictionary ?? {}) as CharacterDictionary).some((c) => c.description),
  );
  const chosen = described ?? renders[0];
  if (!chosen) return undefined;
  return {
    characterDictionary: (chosen.screenplaySnapshot?.characterDictionary ?? {}) as CharacterDictionary,
    characterVoices: (chosen.characterVoices ?? {}) as CharacterVoices,
  };
}

/**
 * 'Upload revised draft': the file passes every check of a first upload, is
 * parsed here (it is already parsed for those checks), and becomes version N+1
 * of the same screenplay in one conditional write, so a draft uploaded twice
 * at once cannot take the same number. Earlier drafts keep their files.
 */
export async function uploadRevisedDraft(screenplayId: string, input: { fileName: string; bytes: Uint8Array }) {
  const s = await getOwnScreenplay(screenplayId);
  if (s.status !== "ready") throw AppError.conflict(NOT_READY);
  const { fileName, parsed, report, extension } = await checkUploadedFile(input);

  const previousVersion = s.version ?? 1;
  const version = previousVersion + 1;
  const filePath = draftKeys.original(s.userId, screenplayId, version, extension);
  const parsedPath = draftKeys.parsed(s.userId, screenplayId, version);
  const carried = carryOverCharacters({
    previous: (s.characterDictionary ?? {}) as CharacterDictionary,
    previousVoices: (s.characterVoices ?? {}) as CharacterVoices,
    retired: (s.retiredCharacters ?? {}) as Record<string, RetiredCharacter>,
    previousVersion,
    rendered: await newestDescribedRender(screenplayId),
    next: parsed.characterDictionary,
  });
  const uploadedAt = new Date().toISOString();
  const entry: DraftEntry = {
    version,
    uploadedAt,
    pageCount: parsed.pageCount,
    blockCount: parsed.blocks.length,
    originalFileName: fileName,
    format: parsed.format,
    filePath,
    parsedPath,
    ...(parsed.writer ? { writer: parsed.writer } : {}),
  };

  await putObject(config.uploadsBucket, filePath, input.bytes, contentTypeOf(extension));
  await putObject(config.uploadsBucket, parsedPath, JSON.stringify({ blocks: parsed.blocks }), "application/json");
  try {
    await db.entities.screenplay
      .patch({ screenplayId })
      .set({
        version,
        drafts: [...draftsOf(s), entry],
        filePath,
        // The newest draft's file is the screenplay's file: its size is what serving it checks (screenplay/records.ts).
        fileSize: input.bytes.byteLength,
        parsedPath,
        originalFileName: fileName,
        format: parsed.format,
        pageCount: parsed.pageCount,
        estimatedCost: parsed.estimatedCost,
        estimatedRenderTime: estimateRenderSeconds(parsed.pageCount),
        characterDictionary: carried.characterDictionary,
        characterVoices: carried.characterVoices,
        retiredCharacters: carried.retiredCharacters,
        sceneDictionary: parsed.sceneDictionary,
        blockCount: parsed.blocks.length,
        ...(parsed.writer ? { writer: parsed.writer } : {}),
      })
      .remove(parsed.writer ? [] : ["writer"])
      .where(({ version: v, status }, { eq }) => `${eq(v, previousVersion)} AND ${eq(status, "ready")}`)
      .go();
  } catch (error) {
    // Leave nothing half-written: the files of a draft that did not become a version go.
    await deleteKeys(config.uploadsBucket, [filePath, parsedPath]).catch(() => {});
    if (isConditionFailed(error)) {
      throw AppError.conflict("Another draft was uploaded at the same time. Reload the page to see it.");
    }
    throw error;
  }
  return {
    id: screenplayId,
    version,
    newCharacters: carried.newCharacters,
    goneCharacters: carried.goneCharacters,
    moderation: report.flaggedSections.length ? report : undefined,
  };
}

/** ROSE is now ROSALIND: one step that gives the new name the old one's description and voice. */
export async function matchRenamedCharacter(screenplayId: string, rawOldName: string, rawNewName: string) {
  const s = await getOwnScreenplay(screenplayId);
  const oldName = normaliseCharacterName(rawOldName);
  const newName = normaliseCharacterName(rawNewName);
  const retired = (s.retiredCharacters ?? {}) as Record<string, RetiredCharacter>;
  const dictionary = (s.characterDictionary ?? {}) as CharacterDictionary;
  if (!retired[oldName]) throw AppError.notFound(`${oldName || "That name"} is not a character of an earlier draft.`);
  if (!dictionary[newName]) throw AppError.notFound(`${newName || "That name"} is not a character of this draft.`);
  const next = matchRetiredCharacter(
    { characterDictionary: dictionary, characterVoices: (s.characterVoices ?? {}) as CharacterVoices, retired },
    oldName,
    newName,
  );
  await db.entities.screenplay
    .patch({ screenplayId })
    .set({
      characterDictionary: next.characterDictionary,
      characterVoices: next.characterVoices,
      retiredCharacters: next.retiredCharacters,
    })
    .go();
  return { oldName, newName, character: next.characterDictionary[newName], voice: next.characterVoices[newName] ?? null };
}

/**
 * Deletes an earlier draft and its file. The current draft is the screenplay
 * (delete the screenplay instead); a draft with a render still running is kept.
 */
export async function deleteDraft(screenplayId: string, version: number) {
  const s = await getOwnScreenplay(screenplayId);
  const draft = findDraft(s, version);
  if (version === (s.version ?? 1)) {
    throw AppError.conflict("The current draft cannot be deleted on its own. Delete the screenplay, or upload a newer draft first.");
  }
  const running = (await rendersOf(screenplayId)).some((r) => (r.screenplayVersion ?? 1) === version && isActive(r.status as RenderStatus));
  if (running) throw AppError.conflict(`A render of draft ${version} is running. Delete the draft once it has finished.`);
  const drafts = draftsOf(s).filter((d) => d.version !== version);
  await db.entities.screenplay
    .patch({ screenplayId })
    .set({ drafts })
    .where(({ version: v }, { eq }) => eq(v, s.version ?? 1))
    .go();
  await deleteKeys(config.uploadsBucket, [draft.filePath, draft.parsedPath]);
  return { deleted: version };
}
