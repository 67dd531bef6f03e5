/**
 * Helpers for the account integration tests: HTTP calls against the local
 * server, codes read from the SES stand-in's store, and ready-made users.
 * Each test makes its own users with unique e-mails.
 */
import { randomInt, randomUUID } from "node:crypto";

export const apiUrl = () => process.env.API_URL!;

export const uniqueEmail = (tag = "user") => `${tag}-${randomUUID().slice(0, 12)}@example.com`;

export interface Answer<T = any> {
  status: number;
  body: T;
  /** `sb_session=...` from Set-Cookie, if the answer set one. */
  cookie?: string;
  setCookies: string[];
}

/** A random address in 198.18.0.0/15, the range set aside for testing. */
export const testClientIp = () => `198.${18 + randomInt(2)}.${randomInt(256)}.${randomInt(256)}`;

export async function call<T = any>(
  method: string,
  path: string,
  init: { json?: unknown; cookie?: string; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  // Each call comes from its own address (the local server trusts a loopback peer's list, as a proxy's),
  // so the per-IP limits of one test never meet another's (docs/decisions.md#hardening).
  const headers: Record<string, string> = { "x-forwarded-for": testClientIp(), ...(init.headers ?? {}) };
  if (init.cookie) headers.cookie = init.cookie;
  let body = init.body;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  }
  const res = await fetch(`${apiUrl()}${path}`, { method, headers, body });
  const text = await res.text();
  const setCookies = res.headers.getSetCookie();
  const session = setCookies.find((c) => c.startsWith("sb_session="));
  return {
    status: res.status,
    body: text ? JSON.parse(text) : undefined,
    cookie: session ? session.split(";")[0] : undefined,
    setCookies,
  };
}

interface StoredMail {
  destination: { to: string[] };
  replyTo?: string[];
  subject: string;
  body: { text?: string; html?: string };
}

/** Every mail the SES stand-in holds for the address, oldest first. */
export async function mailsTo(email: string): Promise<StoredMail[]> {
  const res = await fetch(`${process.env.SES_URL}/store`);
  const { emails } = (await res.json()) as { emails: StoredMail[] };
  const address = email.toLowerCase();
  return emails.filter((m) => m.destination.to.some((to) => to.toLowerCase() === address));
}

/** The 6-digit code of the newest mail to the address. */
export async function latestCode(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const text = mails.at(-1)?.body.text ?? "";
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code mailed to ${email}`);
  return code;
}

export const PASSWORD = "secret-pass-1";

export function registration(email: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    fullName: "Ada Lovelace",
    timezone: "Europe/London",
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agreeToTerms: true,
    ...extra,
  };
}

/** Registers a user through the API (code and all) and returns its session cookie. */
export async function registerUser(options: { email?: string; referralCode?: string; fullName?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const sent = await call("POST", "/api/auth/send-confirmation", { json: { email } });
  if (sent.status !== 200) throw new Error(`send-confirmation: ${sent.status} ${JSON.stringify(sent.body)}`);
  const confirmationCode = await latestCode(email);
  const res = await call("POST", "/api/register", {
    json: registration(email, {
      confirmationCode,
      referralCode: options.referralCode,
      ...(options.fullName ? { fullName: options.fullName } : {}),
    }),
  });
  if (res.status !== 200) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password: PASSWORD, user: res.body, cookie: res.cookie! };
}
