import { currentBalance } from "@storyboard/core/points/ledger";
import { api } from "../../shared/handler";

export const handler = api({}, async () => ({ balance: await currentBalance() }));
