import { listFlaggedAccounts } from "@storyboard/core/billing/flagged-accounts";
import { api } from "../../shared/handler";

export const handler = api({}, async () => ({ accounts: await listFlaggedAccounts() }));
