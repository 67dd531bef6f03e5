import { blocksChanged } from "./block-snapshot";
import type { ShotEdit } from "../board/schema";
import { shotsOf } from "../board/shots";
import type { StyleId } from "../catalog/styles";
import { db } from "../dynamo/service";
import { assertCommitted, commitWithRetry } from "../dynamo/transaction";
import { AppError } from "../error";
import { debitItems } from "../points/points";
import { assertNothingOwed } from "../points/shortfall";
import { writeImagePrompts } from "./describe";
import { type DescribedScenes, screenplaySnapshotOf } from "./screenplay-snapshot";
import { logger } from "../logger";
import { withoutStaleReferences } from "./character-references";
import { markRenderFailed } from "./failure";
import { getOwnRenderJob, getRenderBlocks, type RenderBlockItem } from "./jobs";
import { setRenderDeadline } from "./deadlines";
import { startPhase } from "./phases";
import { reRenderCost } from "./pricing";
import { canUserMove, hasAssets, type RenderStatus } from "./status";
import { moveRenderStatus } from "./transition";

const statusLabel = (s: string) => s.replace(/_/g, " ");

/** Saves the user's edits of character and scene descriptions (review gate 1) and re-derives the image prompts. */
export async function updateDescriptions(
  renderJobId: string,
  edits: {
    characterDictionary: Record<string, { description: string }>;
    sceneDictionary: Record<string, { description?: string }>;
    shots?: Record<string, ShotEdit>;
  },
) {
  const job = await getOwnRenderJob(renderJobId);
  if (job.status !== "descriptions_ready") {
    throw AppError.conflict(`Descriptions can be edited only while the render waits for your review (it is ${statusLabel(job.status)}).`);
  }
  const snapshot = screenplaySnapshotOf(job);
  const edited = { ...snapshot.characterDictionary };
  for (const [name, edit] of Object.entries(edits.characterDictionary)) {
    if (edited[name]) edited[name] = { ...edited[name], description: edit.description.trim() };
  }
  // A drawn portrait of an edited description goes (the review shows none); it is drawn again before the frames.
  const characterDictionary = withoutStaleReferences(edited);
  const sceneDictionary: DescribedScenes = { ...snapshot.sceneDictionary };
  for (const [id, edit] of Object.entries(edits.sceneDictionary)) {
    if (sceneDictionary[id] && edit.description !== undefined)
      sceneDictionary[id] = { ...sceneDictionary[id], description: edit.description.trim() };
  }
  const blocks = withShotEdits(await getRenderBlocks(renderJobId), Object.keys(characterDictionary), edits.shots ?? {});
  await writeImagePrompts(renderJobId, "descriptions_ready", blocks, job.style as StyleId, characterDictionary, sceneDictionary);
  const saved = await moveRenderStatus(renderJobId, ["descriptions_ready"], {
    status: "descriptions_ready",
    screenplaySnapshot: { ...snapshot, characterDictionary, sceneDictionary },
  });
  if (!saved) throw AppError.conflict("The render has moved on, so these descriptions were not saved.");
  return { renderJobId, characterDictionary, sceneDictionary };
}

/**
 * The blocks with the writer's shots in place (each keeps its number), checked
 * before anything is written: a block that is not a visual block of this render is a 400.
 */
function withShotEdits(blocks: RenderBlockItem[], names: string[], edits: Record<string, ShotEdit>): RenderBlockItem[] {
  if (!Object.keys(edits).length) return blocks;
  const current = shotsOf(blocks, names);
  const unknown = Object.keys(edits).filter((id) => !current.has(id));
  if (unknown.length) throw AppError.badRequest(`These blocks have no shot in this render: ${unknown.slice(0, 5).join(", ")}.`);
  return blocks.map((b) => {
    const edit = edits[b.blockId];
    if (!edit) return b;
    return { ...b, shot: { size: edit.size, angle: edit.angle, movement: edit.movement, number: current.get(b.blockId)!.number } };
  });
}

/** The two review gates: start image and audio generation, or start the video. */
export async function updateRenderStatus(renderJobId: string, status: RenderStatus) {
  const job = await getOwnRenderJob(renderJobId);
  if (job.status === status) return { renderJobId, status };
  if (!canUserMove(job.status, status)) {
    throw AppError.conflict(`This render cannot go from ${statusLabel(job.status)} to ${statusLabel(status)}.`);
  }
  const phase = status === "generating_assets" ? "generate" : "compile";
  // The deadline goes first, so a start lost after the move is still swept (render/deadlines.ts).
  await setRenderDeadline(renderJobId, phase);
  if (!(await moveRenderStatus(renderJobId, [job.status], { status }))) {
    throw AppError.conflict("This render changed at the same moment. Please reload the page.");
  }
  try {
    await startPhase(phase, renderJobId);
  } catch (error) {
    await markRenderFailed(renderJobId, {
      source: "review-gate",
      message: `The ${phase} phase could not start: ${(error as Error).message}`,
    });
    throw new AppError("internal", "The render could not continue. Your points have been refunded.");
  }
  return { renderJobId, status };
}

/** Sets which of a block's images the video uses (the first) and their order; only the block's own images. */
export async function saveImageOrder(input: { renderJobId: string; blockId: string; imageUrl: string[] }) {
  const job = await getOwnRenderJob(input.renderJobId);
  if (!hasAssets(job.status)) throw AppError.conflict("Images can be chosen once the render's images are ready.");
  const { data: block } = await db.entities.renderBlock.get({ renderJobId: input.renderJobId, blockId: input.blockId }).go();
  if (!block) throw AppError.notFound("That block is not part of this render.");
  const own = new Set(block.imageUrl ?? []);
  const order = [...new Set(input.imageUrl)];
  if (!order.every((u) => own.has(u))) throw AppError.badRequest("Only this block's own images can be chosen.");
  const rest = (block.imageUrl ?? []).filter((u) => !order.includes(u));
  await db.entities.renderBlock
    .patch({ renderJobId: input.renderJobId, blockId: input.blockId })
    .set({ imageUrl: [...order, ...rest] })
    .go();
  await blocksChanged(input.renderJobId);
  return { blockId: input.blockId, imageUrl: [...order, ...rest] };
}

/** Compiles the video again with the current images, for 40 points a page. */
export async function reRender(renderJobId: string) {
  const job = await getOwnRenderJob(renderJobId);
  if (job.status !== "complete") throw AppError.conflict("Only a finished render can be rendered again.");
  const pageCount = screenplaySnapshotOf(job).pageCount ?? 1;
  const cost = reRenderCost(pageCount);
  await assertNothingOwed(job.userId);
  const result = await commitWithRetry(() =>
    db.transaction
      .write((tx) => [
        ...debitItems(tx, {
          userId: job.userId,
          amount: cost,
          reason: "re-render",
          referenceId: renderJobId,
          comment: `Re-render: ${job.title}`,
        }),
        tx.renderJob
          .patch({ renderJobId })
          .set({ status: "rendering", type: "re-render", pointsCharged: cost, refunded: false })
          .where(({ status }, { eq }) => eq(status, "complete"))
          .commit(),
      ])
      .go(),
  );
  assertCommitted(result, {
    0: new AppError("payment_required", `A re-render costs ${cost} points (${pageCount} pages at 40 points), and your balance is too low.`),
    2: AppError.conflict("This render is already being rendered again."),
  });
  try {
    await startPhase("compile", renderJobId);
  } catch (error) {
    // Nothing half-done: the previous video stays and the points go back.
    logger.error("Re-render could not start", { renderJobId, error: error as Error });
    await markRenderFailed(renderJobId, { source: "re-render", message: `The re-render could not start: ${(error as Error).message}` });
    throw new AppError("internal", "The re-render could not start. Your points have been refunded.");
  }
  return { renderJobId, status: "rendering" as const };
}
