import { withActor } from "@storyboard/core/actor";
import { runProviderCheck } from "@storyboard/core/provider/check-record";
import { deployCheckEvent, runDeployProviderCheck } from "@storyboard/core/provider/deploy-check";
import { loadSecrets } from "@storyboard/core/secrets";

/**
 * Every hour (EventBridge), and once at each `sst deploy` (the Jobs stack's Script sends `{ params }`):
 * ask the providers whether the configured keys and models still work; keep the result for Admin
 * Fixes. At deploy, an error of the deploy's own configuration throws, which fails the deploy
 * (docs/decisions.md#provider-check-at-deploy).
 */
export const handler = async (event: unknown) => {
  await loadSecrets();
  const deploy = deployCheckEvent.safeParse(event);
  return withActor({ type: "system", reason: deploy.success ? "provider check at deploy" : "provider check" }, () =>
    deploy.success ? runDeployProviderCheck(deploy.data.params) : runProviderCheck(),
  );
};
