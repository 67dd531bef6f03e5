import { withActor } from "@storyboard/core/actor";
import { runProviderCheck } from "@storyboard/core/provider/check-record";
import { loadSecrets } from "@storyboard/core/secrets";

/** Every hour (EventBridge): ask the providers whether the configured keys and models still work; keep the result for Admin Fixes. */
export const handler = async () => {
  await loadSecrets();
  return withActor({ type: "system", reason: "provider check" }, () => runProviderCheck());
};
