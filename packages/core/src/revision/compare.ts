import { AppError } from "../error";
import { getOwnScreenplay } from "../screenplay/records";
import { diffDrafts } from "./diff";
import { findDraft, loadDraftBlocks } from "./drafts";
import type { DraftDiff } from "./schema";

/** GET /api/screenplays/{id}/diff?from=N&to=M: what changed between two drafts of the caller's screenplay. */
export async function compareDrafts(screenplayId: string, from: number, to: number): Promise<DraftDiff> {
  const s = await getOwnScreenplay(screenplayId);
  if (s.status !== "ready") throw AppError.conflict("This screenplay is still being processed. Try again in a moment.");
  if (from === to) throw AppError.badRequest("Choose two different drafts to compare.");
  const [before, after] = [findDraft(s, from), findDraft(s, to)];
  const [fromBlocks, toBlocks] = await Promise.all([loadDraftBlocks(before), loadDraftBlocks(after)]);
  return diffDrafts(fromBlocks, toBlocks, { from, to });
}
