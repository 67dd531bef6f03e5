import { currentBalance } from "@storyboard/core/points/ledger";
import { api } from "../../shared/handler";

/** docs/product.md#api: the balance as a bare number. */
export const handler = api({}, async () => currentBalance());
