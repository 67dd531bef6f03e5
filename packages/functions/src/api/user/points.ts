import { useUserId } from "@storyboard/core/actor";
import { balanceOf } from "@storyboard/core/points/points";
import { api } from "../../shared/handler";

/** docs/product.md#api: the balance as a bare number. */
export const handler = api({}, async () => balanceOf(useUserId()));
