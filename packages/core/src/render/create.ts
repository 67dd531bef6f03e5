import { randomUUID } from "node:crypto";
import { useUserId } from "../actor";
import { failedItems } from "../dynamo/errors";
import { assertCommitted, commitWithRetry } from "../dynamo/transaction";
import { batchWriteAll } from "../dynamo/batch";
import { db } from "../dynamo/service";
import { AppError, validate } from "../error";
import { logger } from "../logger";
import { debitItems, refusedDebitBalance, type TransactionEntities } from "../points/points";
import { assertNothingOwed } from "../points/shortfall";
import { providers } from "../provider/registry";
import { DEFAULT_NARRATOR_VOICE_ID } from "../provider/types";
import { getOwnScreenplay, loadBlocks, type ScreenplayItem } from "../screenplay/records";
import type { Block, CharacterDictionary } from "../screenplay/types";
import { ownerOf } from "../user/user";
import { setRenderDeadline } from "./deadlines";
import { refundRender } from "./failure";
import { notifyRender } from "./notify";
import { startPhase } from "./phases";
import { quoteForScreenplay } from "../revision/quote";
import { type CreateRenderInput, createRenderSchema, NARRATOR_KEY } from "./schema";
import { autoAssignVoices } from "./voice-assignment";
import { getOwnMusicUpload } from "../mix/upload";

/** Initial descriptions take about two minutes on the cloud providers; the estimate grows with the pages. */
const ESTIMATE_MS_PER_PAGE = 60_000;

/** What pays for a render, written in the render's own transaction before the job. */
export interface RenderCharge {
  userId: string;
  cost: number;
  renderJobId: string;
  title: string;
}
export type RenderPayment = (
  tx: TransactionEntities,
  charge: RenderCharge,
) => { items: TransactionItem[]; errors: Record<number, AppError> };
type TransactionItem = ReturnType<Parameters<typeof db.transaction.write>[0]>[number];

/** The default: the points on the user's balance (conditional debit first, then its ledger item). */
export const payWithPoints: RenderPayment = (tx, { userId, cost, renderJobId, title }) => ({
  items: debitItems(tx, { userId, amount: cost, reason: "render", referenceId: renderJobId, comment: `Render: ${title}` }),
  errors: {},
});

/**
 * Starts a render: checks the voices, debits the points and creates the job
 * in one transaction, writes the blocks, then starts the describe phase.
 * Too few points answer 402 with the shortfall. A render bought by card
 * (billing/purchase-render.ts) passes its own `pay`: the purchase credit and
 * the render debit, in the same transaction as the job.
 */
export async function createRender(raw: CreateRenderInput, pay?: RenderPayment) {
  // A bad setting is a 400 with its message, whoever called (the handlers check first; the CLI and billing call straight in).
  const input = validate(createRenderSchema, raw);
  const userId = useUserId();
  const screenplay = await getOwnScreenplay(input.screenplayId);
  if (screenplay.status !== "ready") throw AppError.conflict("This screenplay is still being processed. Try again in a moment.");
  const pageCount = screenplay.pageCount ?? 1;
  const characterDictionary = (screenplay.characterDictionary ?? {}) as CharacterDictionary;
  const { characterVoices, cost } = await priceRender(screenplay, input.style, input.characterVoices, input.aspect);

  // The track is checked before anything is charged: another writer's id is not found.
  if (input.music === "upload") await getOwnMusicUpload(userId, input.musicUploadId!);
  const { data: user } = await db.entities.user.get({ userId }).go();
  if (!user) throw AppError.unauthorized();
  // Paying with points waits while a refund or dispute left points owed (docs/decisions.md#refunds-and-disputes).
  if (!pay) await assertNothingOwed(userId);
  if (!pay && user.points < cost) throw insufficientPoints(cost, user.points);

  const renderJobId = randomUUID();
  const now = Date.now();
  let errors: Record<number, AppError> = { 0: insufficientPoints(cost, user.points) };
  const submitKey = input.idempotencyKey ? `render:${userId}:${input.idempotencyKey}` : undefined;
  let submitClaimIndex = -1;
  // The deadline goes first: a render whose start is lost after the charge is swept and refunded (render/deadlines.ts).
  await setRenderDeadline(renderJobId, "describe");
  const result = await commitWithRetry(() =>
    db.transaction
      .write((tx) => {
        const payment = (pay ?? payWithPoints)(tx, { userId, cost, renderJobId, title: input.title });
        if (pay) errors = payment.errors;
        const { renderJob, screenplay: screenplays } = tx;
        submitClaimIndex = payment.items.length + 2;
        return [
          ...payment.items,
          renderJob
            .create({
              renderJobId,
              userId,
              screenplayId: screenplay.screenplayId,
              screenplayVersion: screenplay.version ?? 1,
              title: input.title,
              style: input.style,
              status: "queued",
              type: "render",
              characterVoices,
              screenplaySnapshot: {
                title: screenplay.title,
                ...(screenplay.writer ? { writer: screenplay.writer } : {}),
                characterDictionary,
                sceneDictionary: screenplay.sceneDictionary ?? {},
                pageCount,
              },
              pointsCharged: cost,
              burnCaptions: input.burnCaptions,
              pdfLayout: input.pdfLayout,
              timelineFps: input.timelineFps,
              music: input.music,
              musicUploadId: input.music === "upload" ? input.musicUploadId : undefined,
              mixLevels: input.mixLevels,
              aspect: input.aspect,
              previewDescriptionsBeforeFirstImages: input.previewDescriptionsBeforeFirstImages,
              previewImagesBeforeFirstRender: input.previewImagesBeforeFirstRender,
              estimatedCompletionTime: new Date(now + pageCount * ESTIMATE_MS_PER_PAGE).toISOString(),
            })
            .commit(),
          screenplays.patch({ screenplayId: screenplay.screenplayId }).add({ renderCount: 1 }).commit(),
          // A double submit carries the same key: the second transaction is canceled here and answers the first render.
          ...(submitKey ? [tx.unique.create({ kind: "idempotency", value: submitKey, ownerId: renderJobId }).commit()] : []),
        ];
      })
      .go(),
  );
  if (submitKey && result.canceled && failedItems(result.data).includes(submitClaimIndex)) {
    const existing = await ownerOf("idempotency", submitKey);
    if (existing) return { id: existing };
  }
  // Under concurrency the balance read above may be gone: the 402 names the one the refused debit read.
  const balanceAtDebit = pay ? undefined : refusedDebitBalance(result);
  if (balanceAtDebit !== undefined && balanceAtDebit >= cost) await assertNothingOwed(userId); // refused for points owed
  if (balanceAtDebit !== undefined) errors = { 0: insufficientPoints(cost, balanceAtDebit) };
  assertCommitted(result, errors);

  try {
    // Which blocks are made anew, so the review steps show them first (docs/decisions.md#incremental-compile).
    const { newBlockIds } = await quoteForScreenplay(screenplay, input.style, characterVoices, input.aspect);
    await writeBlocks(renderJobId, await loadBlocks(screenplay), new Set(newBlockIds));
    await startPhase("describe", renderJobId);
  } catch (error) {
    // Nothing half-done: a render that could not start is failed and refunded.
    logger.error("Render could not start", { renderJobId, error: error as Error });
    await db.entities.renderJob.patch({ renderJobId }).set({ status: "failed", failureReason: "The render could not start." }).go();
    await refundRender(renderJobId, "The render could not start.");
    throw error;
  }
  await notifyRender("renderStarted", { userId, renderJobId, title: input.title });
  return { id: renderJobId };
}

/**
 * The voices a render will use and its cost in points: only what it makes anew
 * (docs/decisions.md#revised-drafts), whether paid from the balance or partly
 * by card (docs/decisions.md#a-render-by-card-pays-only-what-is-missing).
 */
export async function priceRender(
  screenplay: ScreenplayItem,
  style: string,
  chosen: Record<string, { voiceId: string; voiceName?: string }>,
  aspect?: string,
) {
  const characterVoices = await resolveVoices((screenplay.characterDictionary ?? {}) as CharacterDictionary, chosen);
  const { cost } = await quoteForScreenplay(screenplay, style, characterVoices, aspect);
  return { characterVoices, cost };
}

export function insufficientPoints(cost: number, balance: number) {
  const shortfall = Math.max(0, cost - balance);
  return new AppError("payment_required", `This render costs ${cost} points and you have ${balance}. You need ${shortfall} more points.`, {
    cost,
    balance,
    shortfall,
  });
}

/** Keeps the chosen voices that exist, fills in the rest automatically, and names the narrator. */
async function resolveVoices(dictionary: CharacterDictionary, chosen: Record<string, { voiceId: string; voiceName?: string }>) {
  const voices = await providers().voices.list();
  const byId = new Map(voices.map((v) => [v.voice_id, v]));
  for (const [name, choice] of Object.entries(chosen)) {
    if (!byId.has(choice.voiceId)) throw AppError.badRequest(`The voice chosen for ${name} is not available. Please choose another.`);
  }
  const speakers = Object.entries(dictionary)
    .filter(([, c]) => c.isSpeaker)
    .map(([name, c]) => ({ name, pronouns: c.pronouns, lines: c.lines }));
  const auto = autoAssignVoices(speakers, voices, DEFAULT_NARRATOR_VOICE_ID);
  const narratorId =
    chosen[NARRATOR_KEY]?.voiceId ?? (byId.has(DEFAULT_NARRATOR_VOICE_ID) ? DEFAULT_NARRATOR_VOICE_ID : voices[0]?.voice_id);
  const result: Record<string, { voiceId: string; voiceName: string }> = {};
  for (const s of speakers) {
    const voiceId = chosen[s.name]?.voiceId ?? auto[s.name]?.voiceId ?? narratorId;
    result[s.name] = { voiceId, voiceName: byId.get(voiceId)?.name ?? voiceId };
  }
  if (narratorId) result[NARRATOR_KEY] = { voiceId: narratorId, voiceName: byId.get(narratorId)?.name ?? narratorId };
  return result;
}

/** How a line is said: the parentheticals just before it in the same speech, and its cue's extension ("V.O."). */
function deliveryOf(blocks: Block[], at: number): string[] {
  const notes: string[] = [];
  for (let i = at - 1; i >= 0 && blocks[i].type === "parenthetical" && blocks[i].character === blocks[at].character; i--)
    notes.unshift(blocks[i].text.replace(/^\(|\)$/g, "").trim());
  return blocks[at].extension ? [...notes, blocks[at].extension] : notes;
}

/** One renderBlock item per screenplay block, with the scene it belongs to. Idempotent (same keys). */
async function writeBlocks(renderJobId: string, blocks: Block[], changed: Set<string>) {
  let sceneId: string | undefined;
  const items = blocks.map((b, position) => {
    if (b.type === "scene_heading") sceneId = b.id;
    const delivery = b.type === "dialogue" ? deliveryOf(blocks, position) : [];
    return {
      renderJobId,
      blockId: b.id,
      position,
      type: b.type,
      text: b.text,
      character: b.character,
      sceneId,
      changed: changed.has(b.id),
      ...(delivery.length ? { delivery } : {}),
      ...(b.centred ? { centred: true } : {}),
    };
  });
  await batchWriteAll(
    (batch) => db.entities.renderBlock.put(batch),
    items,
    (item) => item.blockId,
  );
}
