/**
 * A render phase's execution ended without finishing (docs/decisions.md#hardening).
 * Step Functions reports it through EventBridge ("Step Functions Execution
 * Status Change"); the local runner reports the same shape. A TIMED_OUT or
 * ABORTED execution never reached MarkFailed, so this fails and refunds the
 * render; a FAILED one normally did, and the refund's flag makes this a no-op.
 */
import { z } from "zod";
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { markRenderFailed, refundRender } from "./failure";
import { ENDED_UNFINISHED } from "./workflow";

export const executionStatusEventSchema = z.object({
  "detail-type": z.literal("Step Functions Execution Status Change").optional(),
  detail: z.object({
    status: z.string(),
    executionArn: z.string().optional(),
    stateMachineArn: z.string().optional(),
    /** The execution's input, as a JSON string. */
    input: z.string().nullish(),
  }),
});
export type ExecutionStatusEvent = z.input<typeof executionStatusEventSchema>;

const inputSchema = z.object({ renderJobId: z.string().min(1) });

export async function settleEndedExecution(raw: ExecutionStatusEvent): Promise<{ renderJobId?: string; settled: boolean }> {
  const { detail } = executionStatusEventSchema.parse(raw);
  if (!(ENDED_UNFINISHED as readonly string[]).includes(detail.status)) return { settled: false };
  const input = inputSchema.safeParse(safeJson(detail.input));
  if (!input.success) {
    logger.warn("An execution ended without a render id in its input", { detail });
    return { settled: false };
  }
  const { renderJobId } = input.data;
  const { data: job } = await db.entities.renderJob.get({ renderJobId }).go();
  if (!job || job.status === "complete") return { renderJobId, settled: false };
  if (job.status === "failed") {
    // MarkFailed ran before the execution ended; only make sure the refund happened.
    await refundRender(renderJobId, `Refund for failed render: ${job.title}`);
    return { renderJobId, settled: true };
  }
  await markRenderFailed(renderJobId, {
    source: "execution-status",
    message: `The execution ${detail.executionArn ?? ""} ended ${detail.status}.`.replace("  ", " "),
  });
  return { renderJobId, settled: true };
}

function safeJson(text: string | null | undefined): unknown {
  try {
    return JSON.parse(text ?? "null");
  } catch {
    return null;
  }
}
