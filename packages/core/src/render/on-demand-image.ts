/**
 * On-demand frames (docs/decisions.md#on-demand-frames): the request charges
 * once per idempotency key, writes a pending frame and answers at once; the
 * frame is drawn in the background (image-work.ts) and settled there: kept,
 * or refunded as failed or refused. The picker polls the render's frames.
 */
import { randomUUID } from "node:crypto";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { logger } from "../logger";
import { ProviderError } from "../provider/cloud/http";
import { writerMessage } from "../provider/cloud/failure";
import { blocksChanged } from "./block-snapshot";
import { makeImage } from "./block-image";
import { chargeImage, IMAGE_FAILED_MESSAGE, settleImageCharge } from "./image-charge";
import { startImageWork } from "./image-work";
import { getOwnRenderJob, getRenderJob } from "./jobs";
import { hasAssets } from "./status";
import type { ImageRequestView } from "./types";

/** The background work's own limit: a cloud frame takes 20–40 s, and the block's retry budget may wait on the provider. */
export const IMAGE_WORK_BUDGET_MS = 240_000;

const viewOf = (r: ImageRequestView): ImageRequestView => ({
  requestId: r.requestId,
  blockId: r.blockId,
  prompt: r.prompt,
  status: r.status,
  url: r.url,
  message: r.message,
  createdAt: r.createdAt,
});

async function ownBlock(renderJobId: string, blockId: string) {
  const job = await getOwnRenderJob(renderJobId);
  if (!hasAssets(job.status)) throw AppError.conflict("Images can be generated once the render's images are ready.");
  const { data: block } = await db.entities.renderBlock.get({ renderJobId, blockId }).go();
  if (!block) throw AppError.notFound("That block is not part of this render.");
  return { job, block };
}

async function readRequest(renderJobId: string, requestId: string) {
  const { data } = await db.entities.imageRequest.get({ renderJobId, requestId }).go({ consistent: true });
  return data;
}

/**
 * Asks for another frame of a block for 10 points and answers the pending frame
 * at once. The same key again (a double click, a retried request) answers the
 * frame the first made and charges nothing.
 */
export async function generateImageOnDemand(input: { renderJobId: string; blockId: string; imagePrompt: string; idempotencyKey?: string }) {
  const { job } = await ownBlock(input.renderJobId, input.blockId);
  const { chargeId, repeated } = await chargeImage({
    userId: job.userId,
    renderJobId: input.renderJobId,
    blockId: input.blockId,
    prompt: input.imagePrompt,
    idempotencyKey: input.idempotencyKey ?? randomUUID(),
  });
  const request = await readRequest(input.renderJobId, chargeId);
  if (!request) throw AppError.conflict("This request key was used for another render. Please try again.");
  if (!repeated) {
    try {
      await startImageWork({ renderJobId: input.renderJobId, requestId: chargeId });
    } catch (error) {
      logger.error("On-demand image work could not start; refunding", { error: error as Error, ...input });
      await settleImageCharge(chargeId, { refund: "failed", message: IMAGE_FAILED_MESSAGE });
      throw new AppError("internal", IMAGE_FAILED_MESSAGE);
    }
  }
  return viewOf(request);
}

/** The background work: draws the frame and settles its charge. Safe to run twice (the first settle wins). */
export async function finishImageRequest(input: { renderJobId: string; requestId: string }) {
  const request = await readRequest(input.renderJobId, input.requestId);
  if (!request || request.status !== "pending") return { ...input, status: request?.status ?? "missing" };
  const job = await getRenderJob(input.renderJobId);
  const { data: block } = await db.entities.renderBlock.get({ renderJobId: input.renderJobId, blockId: request.blockId }).go();
  try {
    if (!block) throw new Error(`Block ${request.blockId} of render ${input.renderJobId} does not exist`);
    const url = await withTimeLimit(makeImage(job, block, request.prompt, `gen-${input.requestId.slice(0, 8)}`), IMAGE_WORK_BUDGET_MS);
    const kept = await settleImageCharge(input.requestId, { keep: url });
    return { ...input, status: kept ? "ready" : "failed" };
  } catch (error) {
    logger.error("On-demand image failed; refunding", { error: error as Error, ...input });
    // A refused prompt is the writer's to edit, or to take a drawn frame instead; other provider failures in plain words.
    const refused = error instanceof ProviderError && error.kind === "refused";
    const message = error instanceof ProviderError ? writerMessage(error) : IMAGE_FAILED_MESSAGE;
    await settleImageCharge(input.requestId, { refund: refused ? "refused" : "failed", message });
    return { ...input, status: refused ? "refused" : "failed" };
  }
}

function withTimeLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Image generation took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** The render's on-demand frames, newest first, for the picker's poll. */
export async function listImageRequests(renderJobId: string): Promise<ImageRequestView[]> {
  await getOwnRenderJob(renderJobId);
  const { data } = await db.entities.imageRequest.query.byRender({ renderJobId }).go({ pages: "all" });
  return data.map(viewOf).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * A refused frame's free alternative: the prompt drawn offline, appended to
 * the block like any frame. Once per refused frame: the claim goes first, so a
 * second click finds it taken.
 */
export async function useDrawnFrame(input: { renderJobId: string; requestId: string }) {
  await getOwnRenderJob(input.renderJobId);
  const request = await readRequest(input.renderJobId, input.requestId);
  if (!request) throw AppError.notFound("That frame is not part of this render.");
  const { job, block } = await ownBlock(input.renderJobId, request.blockId);
  if (request.status !== "refused") throw AppError.conflict("A drawn frame is offered only for a prompt the image service refused.");
  const claimed = await db.entities.imageRequest
    .patch({ renderJobId: input.renderJobId, requestId: input.requestId })
    .set({ status: "drawn" })
    .where(({ status }, { eq }) => eq(status, "refused"))
    .go()
    .then(() => true)
    .catch(() => false);
  if (!claimed) throw AppError.conflict("A drawn frame was already made for this prompt.");
  try {
    const url = await makeImage(job, block, request.prompt, `drawn-${input.requestId.slice(0, 8)}`, { offline: true });
    await db.entities.renderBlock.patch({ renderJobId: input.renderJobId, blockId: block.blockId }).append({ imageUrl: [url] }).go();
    await db.entities.imageRequest.patch({ renderJobId: input.renderJobId, requestId: input.requestId }).set({ url }).go();
    await blocksChanged(input.renderJobId);
    return viewOf({ ...request, status: "drawn", url });
  } catch (error) {
    // Nothing half-done: the frame is offered again.
    await db.entities.imageRequest.patch({ renderJobId: input.renderJobId, requestId: input.requestId }).set({ status: "refused" }).go();
    throw error;
  }
}
