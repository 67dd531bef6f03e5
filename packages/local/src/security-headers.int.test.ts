import { describe, expect, it } from "vitest";

/** The local server sends what CloudFront's response-headers policy sends on AWS (docs/decisions.md#headers). */
describe("security headers of the local server", () => {
  it("every answer carries the CSP (no framing), X-Frame-Options, Referrer-Policy and nosniff", async () => {
    for (const path of ["/", "/dashboard", "/api/env", "/media/anything"]) {
      const response = await fetch(new URL(path, process.env.API_URL));
      await response.arrayBuffer();
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});
