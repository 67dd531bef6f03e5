import { currentUser, toUserView } from "@storyboard/core/user/user";
import { api } from "../../shared/handler";

/** The signed-in user (the route is `user`: signed out gets a 401). */
export const handler = api({}, async () => toUserView(await currentUser()));
