import { listPlans } from "@storyboard/core/billing/plans";
import { api } from "../../shared/handler";

export const handler = api({}, async () => listPlans());
