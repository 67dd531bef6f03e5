import { withActor } from "@storyboard/core/actor";
import { sendWeeklyDigests } from "@storyboard/core/jobs/weekly-digest";
import { loadSecrets } from "@storyboard/core/secrets";

/** Mondays 09:00 UTC (EventBridge): the weekly digest e-mail. */
export const handler = async () => {
  await loadSecrets();
  return withActor({ type: "system", reason: "weekly digest" }, () => sendWeeklyDigests());
};
