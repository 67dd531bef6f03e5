import { call, registration, testClientIp, uniqueEmail } from "../api/auth/test-support";
import { IP_LIMITS } from "./ip-limits";

const from = (ip: string) => ({ "x-forwarded-for": ip });

describe("per-IP limits", () => {
  it("answers 429 with a readable message once one address passes the sign-in limit; other addresses go on", async () => {
    const ip = testClientIp();
    const limit = IP_LIMITS["POST /api/login"].limit;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) {
      statuses.push(
        (await call("POST", "/api/login", { json: { email: uniqueEmail("ip"), password: "wrong-pass-1" }, headers: from(ip) })).status,
      );
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const over = await call("POST", "/api/login", { json: { email: uniqueEmail("ip"), password: "wrong-pass-1" }, headers: from(ip) });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many sign-in attempts from your network\. Please wait \d+ (minute|second)s? and try again\.$/);
    const other = await call("POST", "/api/login", {
      json: { email: uniqueEmail("ip"), password: "wrong-pass-1" },
      headers: from(testClientIp()),
    });
    expect(other.status).toBe(401);
  });

  it("counts registrations, code sends and contact requests per address, bad ones included", async () => {
    for (const key of [
      "POST /api/register",
      "POST /api/auth/send-confirmation",
      "POST /api/auth/send-password-reset",
      "POST /api/auth/reset-password",
      "POST /api/contact-requests",
    ]) {
      const ip = testClientIp();
      const [method, path] = key.split(" ");
      const answers = await Promise.all(
        Array.from({ length: IP_LIMITS[key].limit + 3 }, () =>
          call(method, path, { json: registration(uniqueEmail("ip"), { confirmationCode: "000000" }), headers: from(ip) }),
        ),
      );
      expect(
        answers.filter((a) => a.status === 429),
        key,
      ).toHaveLength(3);
    }
  });

  it("reads the address the edge appended last, not one a client wrote before it", async () => {
    const ip = testClientIp();
    const limit = IP_LIMITS["POST /api/login"].limit;
    await Promise.all(
      Array.from({ length: limit }, (_, i) =>
        call("POST", "/api/login", { json: { email: uniqueEmail("ip"), password: "x-pass-12" }, headers: from(`10.0.0.${i}, ${ip}`) }),
      ),
    );
    const spoofed = await call("POST", "/api/login", {
      json: { email: uniqueEmail("ip"), password: "x-pass-12" },
      headers: from(`203.0.113.77, ${ip}`),
    });
    expect(spoofed.status).toBe(429);
  });
});
