import { generateReferralCode, normalizeReferralCode } from "./referral-code";

describe("referral codes", () => {
  it("are 8 unambiguous characters", () => {
    for (let i = 0; i < 100; i++) expect(generateReferralCode()).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });

  it("compare trimmed and upper-cased; blank is none", () => {
    expect(normalizeReferralCode("  ab3cd ")).toBe("AB3CD");
    expect(normalizeReferralCode("   ")).toBeUndefined();
    expect(normalizeReferralCode(undefined)).toBeUndefined();
  });
});
