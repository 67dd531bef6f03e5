import { dismissWelcome } from "@storyboard/core/user/user";
import { api } from "../../shared/handler";

/** POST /api/user/welcome-dismissed: the welcome is shown once per account, in any browser. */
export const handler = api({}, async () => dismissWelcome());
