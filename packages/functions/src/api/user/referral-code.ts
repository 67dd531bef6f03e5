import { useUserId } from "@storyboard/core/actor";
import { getUser } from "@storyboard/core/user/user";
import { api } from "../../shared/handler";

export const handler = api({}, async () => ({ referralCode: (await getUser(useUserId())).referralCode }));
