import { afterEach, describe, expect, it } from "vitest";
import { clearCookie, readCookie, sessionCookie, sessionCookieName } from "./http";
import { makeEvent } from "./test-event";

const appUrl = process.env.APP_URL;
afterEach(() => {
  process.env.APP_URL = appUrl;
});

describe("the session cookie (docs/decisions.md#headers)", () => {
  it("over https is __Host-prefixed, Secure, Path=/ and has no Domain", () => {
    process.env.APP_URL = "https://storyboard.example";
    expect(sessionCookieName()).toBe("__Host-sb_session");
    const cookie = sessionCookie(sessionCookieName(), "token", 60);
    expect(cookie).toBe("__Host-sb_session=token; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=60");
    expect(cookie).not.toMatch(/Domain=/i);
    expect(clearCookie(sessionCookieName())).toMatch(/^__Host-sb_session=; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=0$/);
    const event = makeEvent({ cookies: ["sb_session=planted", "__Host-sb_session=token"] });
    expect(readCookie(event, sessionCookieName())).toBe("token");
  });

  it("over plain http (npm start) keeps the plain name, which browsers would refuse with the prefix", () => {
    process.env.APP_URL = "http://localhost:3000";
    expect(sessionCookieName()).toBe("sb_session");
    expect(sessionCookie(sessionCookieName(), "token")).toBe("sb_session=token; Path=/; HttpOnly; SameSite=Lax");
  });
});
