import { createHash, randomBytes } from "node:crypto";
import type { Actor } from "../actor";
import { db } from "../dynamo/service";

export const SESSION_COOKIE = "sb_session";
/** rememberMe keeps the cookie 30 days; otherwise it is a browser-session cookie with a 12-hour server life. */
export const REMEMBER_ME_SECONDS = 30 * 24 * 3600;
export const SHORT_SESSION_SECONDS = 12 * 3600;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface OpenedSession {
  token: string;
  sessionId: string;
  /** Max-Age for the cookie, or undefined for a browser-session cookie. */
  cookieMaxAge?: number;
}

export async function openSession(userId: string, rememberMe = false, now = Date.now()): Promise<OpenedSession> {
  const token = randomBytes(32).toString("base64url");
  const sessionId = hashToken(token);
  const lifetime = rememberMe ? REMEMBER_ME_SECONDS : SHORT_SESSION_SECONDS;
  await db.entities.session.create({ sessionId, userId, rememberMe, expiresAt: Math.floor(now / 1000) + lifetime }).go();
  return { token, sessionId, cookieMaxAge: rememberMe ? lifetime : undefined };
}

/** The live session behind a cookie token, or null. DynamoDB's TTL sweep is lazy, so expiry is checked here too. */
export async function findSession(token: string, now = Date.now()) {
  if (!token || token.length > 200) return null;
  const { data } = await db.entities.session.get({ sessionId: hashToken(token) }).go();
  if (!data || data.expiresAt * 1000 <= now) return null;
  return data;
}

export async function endSession(token: string) {
  recentActors.delete(hashToken(token));
  lookingUp.delete(hashToken(token));
  await db.entities.session.delete({ sessionId: hashToken(token) }).go();
}

/** Ends every session of the user except `keepSessionId` (after a password change). */
export async function endOtherSessions(userId: string, keepSessionId?: string) {
  const { data } = await db.entities.session.query.byUser({ userId }).go({ pages: "all" });
  const others = data.filter((s) => s.sessionId !== keepSessionId);
  for (const s of others) {
    recentActors.delete(s.sessionId);
    lookingUp.delete(s.sessionId);
  }
  if (others.length) await db.entities.session.delete(others.map((s) => ({ sessionId: s.sessionId }))).go();
}

/** Who a session cookie belongs to: the signed-in user with their roles, or the public. */
export async function actorForSessionToken(token: string | undefined): Promise<Actor> {
  if (!token) return { type: "public" };
  const session = await findSession(token);
  if (!session) return { type: "public" };
  const { data: user } = await db.entities.user.get({ userId: session.userId }).go();
  if (!user) return { type: "public" };
  return { type: "user", userId: user.userId, roles: user.roles ?? [], sessionId: session.sessionId };
}

/**
 * How long a read-only request may reuse the actor it found for a session:
 * polled routes then cost no session or user read (docs/decisions.md#scale).
 * Requests that change state always read afresh; ending a session forgets it
 * here, so on one process a logout holds at once, elsewhere within this time.
 */
export const ACTOR_CACHE_MS = 5_000;
const ACTOR_CACHE_SIZE = 10_000;
const recentActors = new Map<string, { actor: Actor; until: number }>();
/** Lookups under way: requests that miss together (a burst when an entry expires) share one. */
const lookingUp = new Map<string, Promise<Actor>>();

/** `actorForSessionToken` for read-only requests, remembered for ACTOR_CACHE_MS. */
export async function actorForSessionTokenCached(token: string | undefined, now = Date.now()): Promise<Actor> {
  if (!token || token.length > 200) return actorForSessionToken(token);
  const key = hashToken(token);
  const hit = recentActors.get(key);
  if (hit && hit.until > now) return hit.actor;
  const pending = lookingUp.get(key);
  if (pending) return pending;
  const lookup = actorForSessionToken(token).then((actor) => {
    // Ended meanwhile (endSession dropped the lookup): answer, but keep nothing.
    if (lookingUp.get(key) !== lookup) return actor;
    if (recentActors.size >= ACTOR_CACHE_SIZE) recentActors.clear();
    if (actor.type === "user") recentActors.set(key, { actor, until: now + ACTOR_CACHE_MS });
    else recentActors.delete(key);
    return actor;
  });
  lookingUp.set(key, lookup);
  try {
    return await lookup;
  } finally {
    if (lookingUp.get(key) === lookup) lookingUp.delete(key);
  }
}
