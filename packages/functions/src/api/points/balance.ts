import { useUserId } from "@storyboard/core/actor";
import { balanceOf } from "@storyboard/core/points/points";
import { api } from "../../shared/handler";

export const handler = api({}, async () => ({ balance: await balanceOf(useUserId()) }));
