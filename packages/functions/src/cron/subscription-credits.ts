import { withActor } from "@storyboard/core/actor";
import { creditDueAnnualMonths } from "@storyboard/core/billing/subscription-credits";
import { loadSecrets } from "@storyboard/core/secrets";

/** Daily (EventBridge): credit the monthly points of annual plans that have come due (docs/decisions.md#subscriptions). */
export const handler = async () => {
  await loadSecrets();
  return withActor({ type: "system", reason: "annual plan monthly points" }, async () => ({ credited: await creditDueAnnualMonths() }));
};
