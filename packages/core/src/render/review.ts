import { randomUUID } from "node:crypto";
import type { StyleId } from "../catalog/styles";
import { db } from "../dynamo/service";
import { assertCommitted } from "../dynamo/transaction";
import { AppError } from "../error";
import { logger } from "../logger";
import type { CharacterDictionary, SceneDictionary } from "../screenplay/types";
import { type DescribedScenes, writeImagePrompts } from "./describe";
import { makeImage } from "./generate";
import { getOwnRenderJob, getRenderBlocks } from "./jobs";
import { startPhase } from "./phases";
import { IMAGE_GENERATION_COST, reRenderCost } from "./pricing";
import { canUserMove, hasAssets, type RenderStatus } from "./status";

const statusLabel = (s: string) => s.replace(/_/g, " ");

/** Saves the user's edits of character and scene descriptions (review gate 1) and re-derives the image prompts. */
export async function updateDescriptions(
  renderJobId: string,
  edits: { characterDictionary: Record<string, { description: string }>; sceneDictionary: Record<string, { description?: string }> },
) {
  const job = await getOwnRenderJob(renderJobId);
  if (job.status !== "descriptions_ready") {
    throw AppError.conflict(`Descriptions can be edited only while the render waits for your review (it is ${statusLabel(job.status)}).`);
  }
  const snapshot = job.screenplaySnapshot as { characterDictionary: CharacterDictionary; sceneDictionary: SceneDictionary & DescribedScenes };
  const characterDictionary = { ...snapshot.characterDictionary };
  for (const [name, edit] of Object.entries(edits.characterDictionary)) {
    if (characterDictionary[name]) characterDictionary[name] = { ...characterDictionary[name], description: edit.description.trim() };
  }
  const sceneDictionary: DescribedScenes = { ...snapshot.sceneDictionary };
  for (const [id, edit] of Object.entries(edits.sceneDictionary)) {
    if (sceneDictionary[id] && edit.description !== undefined) sceneDictionary[id] = { ...sceneDictionary[id], description: edit.description.trim() };
  }
  await writeImagePrompts(await getRenderBlocks(renderJobId), job.style as StyleId, characterDictionary, sceneDictionary);
  await db.entities.renderJob
    .patch({ renderJobId })
    .set({ screenplaySnapshot: { ...snapshot, characterDictionary, sceneDictionary } })
    .where(({ status }, { eq }) => eq(status, "descriptions_ready"))
    .go();
  return { renderJobId, characterDictionary, sceneDictionary };
}

/** The two review gates: start image and audio generation, or start the video. */
export async function updateRenderStatus(renderJobId: string, status: RenderStatus) {
  const job = await getOwnRenderJob(renderJobId);
  if (job.status === status) return { renderJobId, status };
  if (!canUserMove(job.status, status)) {
    throw AppError.conflict(`This render cannot go from ${statusLabel(job.status)} to ${statusLabel(status)}.`);
  }
  const from = job.status;
  await db.entities.renderJob
    .patch({ renderJobId })
    .set({ status })
    .where(({ status: current }, { eq }) => eq(current, from))
    .go();
  await startPhase(status === "generating_assets" ? "generate" : "compile", renderJobId);
  return { renderJobId, status };
}

/** Draws another image for a block from the user's prompt, for 10 points; refunded if drawing fails. */
export async function generateImageOnDemand(input: { renderJobId: string; blockId: string; imagePrompt: string }) {
  const job = await getOwnRenderJob(input.renderJobId);
  if (!hasAssets(job.status)) throw AppError.conflict("Images can be generated once the render's images are ready.");
  const { data: block } = await db.entities.renderBlock.get({ renderJobId: input.renderJobId, blockId: input.blockId }).go();
  if (!block) throw AppError.notFound("That block is not part of this render.");
  const chargeId = randomUUID();
  const charged = await db.transaction
    .write(({ user, pointsLedger }) => [
      user
        .patch({ userId: job.userId })
        .subtract({ points: IMAGE_GENERATION_COST })
        .where(({ points }, { gte }) => gte(points, IMAGE_GENERATION_COST))
        .commit(),
      pointsLedger
        .create({ userId: job.userId, entryId: chargeId, delta: -IMAGE_GENERATION_COST, reason: "image", referenceId: input.renderJobId, comment: "On-demand image" })
        .commit(),
    ])
    .go();
  assertCommitted(charged, { 0: new AppError("payment_required", `Generating an image costs ${IMAGE_GENERATION_COST} points, and your balance is too low.`) });
  try {
    const url = await makeImage(job, block, input.imagePrompt, `gen-${chargeId.slice(0, 8)}`);
    const { data: fresh } = await db.entities.renderBlock.get({ renderJobId: input.renderJobId, blockId: input.blockId }).go();
    await db.entities.renderBlock
      .patch({ renderJobId: input.renderJobId, blockId: input.blockId })
      .set({ imageUrl: [...(fresh?.imageUrl ?? []), url] })
      .go();
    return { url };
  } catch (error) {
    logger.error("On-demand image failed; refunding", { error: error as Error, ...input });
    await db.transaction
      .write(({ user, pointsLedger }) => [
        user.patch({ userId: job.userId }).add({ points: IMAGE_GENERATION_COST }).commit(),
        pointsLedger
          .create({ userId: job.userId, entryId: randomUUID(), delta: IMAGE_GENERATION_COST, reason: "refund", referenceId: input.renderJobId, comment: "Refund: the image could not be generated" })
          .commit(),
      ])
      .go();
    throw new AppError("internal", "The image could not be generated. Your points have been refunded.");
  }
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
  await db.entities.renderBlock.patch({ renderJobId: input.renderJobId, blockId: input.blockId }).set({ imageUrl: [...order, ...rest] }).go();
  return { blockId: input.blockId, imageUrl: [...order, ...rest] };
}

/** Compiles the video again with the current images, for 40 points a page. */
export async function reRender(renderJobId: string) {
  const job = await getOwnRenderJob(renderJobId);
  if (job.status !== "complete") throw AppError.conflict("Only a finished render can be rendered again.");
  const pageCount = (job.screenplaySnapshot as { pageCount?: number })?.pageCount ?? 1;
  const cost = reRenderCost(pageCount);
  const result = await db.transaction
    .write(({ user, pointsLedger, renderJob }) => [
      user
        .patch({ userId: job.userId })
        .subtract({ points: cost })
        .where(({ points }, { gte }) => gte(points, cost))
        .commit(),
      pointsLedger
        .create({ userId: job.userId, entryId: randomUUID(), delta: -cost, reason: "re-render", referenceId: renderJobId, comment: `Re-render: ${job.title}` })
        .commit(),
      renderJob
        .patch({ renderJobId })
        .set({ status: "rendering", type: "re-render", pointsCharged: cost, refunded: false })
        .where(({ status }, { eq }) => eq(status, "complete"))
        .commit(),
    ])
    .go();
  assertCommitted(result, {
    0: new AppError("payment_required", `A re-render costs ${cost} points (${pageCount} pages at 40 points), and your balance is too low.`),
    2: AppError.conflict("This render is already being rendered again."),
  });
  await startPhase("compile", renderJobId);
  return { renderJobId, status: "rendering" as const };
}
