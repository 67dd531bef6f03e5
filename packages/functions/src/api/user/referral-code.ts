import { currentUser } from "@storyboard/core/user/user";
import { api } from "../../shared/handler";

export const handler = api({}, async () => ({ referralCode: (await currentUser()).referralCode }));
