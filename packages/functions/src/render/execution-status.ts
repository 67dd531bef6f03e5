import { withActor } from "@storyboard/core/actor";
import { type ExecutionStatusEvent, settleEndedExecution } from "@storyboard/core/render/execution-status";
import { loadSecrets } from "@storyboard/core/secrets";

/**
 * EventBridge rule target (stacks/render.ts): a render phase's execution ended
 * FAILED, TIMED_OUT or ABORTED. The local runner calls it the same way.
 */
export const handler = async (event: ExecutionStatusEvent) => {
  await loadSecrets();
  return withActor({ type: "system", reason: "render execution ended" }, () => settleEndedExecution(event));
};
