import { useUserId } from "@storyboard/core/actor";
import { balanceOf } from "@storyboard/core/points/points";
import { api } from "../../shared/handler";

/** Spec §7: the balance as a bare number. */
export const handler = api({}, async () => balanceOf(useUserId()));
