import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type FixtureFormat, nightShift } from "@storyboard/core/screenplay/fixtures/short";
import { openSession } from "@storyboard/core/auth/session";
import { db } from "@storyboard/core/dynamo/service";

/**
 * A user straight in the table with an open session, for tests of features
 * other than sign-up (those go through the real endpoints).
 */
export async function createTestUser(options: { roles?: string[]; points?: number } = {}) {
  const userId = randomUUID();
  const email = `${userId}@example.com`;
  await db.entities.user
    .create({
      userId,
      username: `u${userId.slice(0, 8)}`,
      email,
      roles: options.roles ?? [],
      referralCode: userId.slice(0, 10),
      unsubscribeToken: `${userId}.${randomUUID()}`,
      points: options.points ?? 500,
    })
    .go();
  const session = await openSession(userId);
  const cookie = `sb_session=${session.token}`;
  const call = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, process.env.API_URL), {
      ...init,
      headers: { cookie, origin: process.env.API_URL!, ...(init.headers as Record<string, string>) },
    });
  return { userId, email, cookie, call };
}

export type TestUser = Awaited<ReturnType<typeof createTestUser>>;

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error("Timed out waiting for a condition");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The project's own short screenplay written to a temporary file, for tests that need a path (CLI, file inputs). */
export function screenplayFile(format: FixtureFormat = "fdx"): string {
  const { fileName, bytes } = nightShift(format);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "storyboard-fixture-")), fileName);
  writeFileSync(file, bytes);
  return file;
}

/** Uploads the short screenplay as `user` through the API; answers the raw response. */
export function uploadScreenplay(user: TestUser, format: FixtureFormat = "fdx", title?: string) {
  const { fileName, bytes } = nightShift(format);
  const form = new FormData();
  form.set("file", new Blob([Buffer.from(bytes)]), fileName);
  if (title !== undefined) form.set("title", title);
  return user.call("/api/screenplays", { method: "POST", body: form });
}

/**
 * Every integration test calls from this machine's one address, so the per-address
 * limits (functions/src/shared/ip-limit-rules.ts) add up over a whole run: a test
 * that needs a route below its limit starts by forgetting this address's counters for it.
 */
export async function forgetAddressLimit(action: string) {
  for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "unknown"]) {
    const { data } = await db.entities.rateLimit.query.byKey({ key: `ip-${action}#${address}` }).go({ pages: "all" });
    if (data.length) await db.entities.rateLimit.delete(data.map(({ key, windowStart }) => ({ key, windowStart }))).go();
  }
}
