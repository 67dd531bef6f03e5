import { openSession } from "@storyboard/core/auth/session";
import { now } from "@storyboard/core/clock";
import { toUserView, type UserItem } from "@storyboard/core/user/user";
import { reply, sessionCookie, sessionCookieName } from "../../shared/http";

/** Opens a session for the user and answers with the user and the HttpOnly session cookie. */
export async function signedIn(user: UserItem, rememberMe = false) {
  const session = await openSession(user.userId, rememberMe, now());
  return reply(200, toUserView(user), { cookies: [sessionCookie(sessionCookieName(), session.token, session.cookieMaxAge)] });
}
