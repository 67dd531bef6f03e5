import { withActor } from "@storyboard/core/actor";
import { sweepStuckWork } from "@storyboard/core/jobs/stuck-work";
import { loadSecrets } from "@storyboard/core/secrets";

/** Every 5 minutes (EventBridge): fail and refund renders stuck past their deadline, refund image charges never settled. */
export const handler = async () => {
  await loadSecrets();
  return withActor({ type: "system", reason: "stuck-work sweeper" }, () => sweepStuckWork());
};
