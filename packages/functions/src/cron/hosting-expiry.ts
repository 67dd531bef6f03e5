import { withActor } from "@storyboard/core/actor";
import { expireHostedRenders } from "@storyboard/core/jobs/hosting-expiry";
import { loadSecrets } from "@storyboard/core/secrets";

/** Daily (EventBridge): remove the files of renders whose hosting year has passed. */
export const handler = async () => {
  await loadSecrets();
  return withActor({ type: "system", reason: "hosting expiry" }, () => expireHostedRenders());
};
