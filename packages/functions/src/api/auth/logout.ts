import { endSession } from "@storyboard/core/auth/session";
import { api } from "../../shared/handler";
import { clearCookie, readCookie, reply, sessionCookieName } from "../../shared/http";

/** Ends the session on the server (the cookie alone is worthless afterwards) and clears the cookie. */
export const handler = api({}, async ({ event }) => {
  const token = readCookie(event, sessionCookieName());
  if (token) await endSession(token);
  return reply(200, { ok: true }, { cookies: [clearCookie(sessionCookieName())] });
});
