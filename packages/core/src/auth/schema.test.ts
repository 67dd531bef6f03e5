import { describe, expect, it } from "vitest";
import { REGISTRATION_TIMEZONES, SETTINGS_TIMEZONES } from "../catalog/timezones";
import {
  accountSettingsSchema,
  confirmationCodeSchema,
  loginSchema,
  passwordChangeFormSchema,
  registerFormSchema,
  registerRequestSchema,
  resetPasswordFormSchema,
  updateSettingsRequestSchema,
} from "./schema";

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

const validRegistration = {
  email: "jane@example.com",
  fullName: "",
  timezone: "Asia/Tokyo",
  password: "secret1",
  confirmPassword: "secret1",
  agreeToTerms: true,
};

describe("auth schemas", () => {
  it("login: e-mail and 6-character password, rememberMe optional", () => {
    expect(loginSchema.safeParse({ email: "a@b.co", password: "123456" }).success).toBe(true);
    expect(messages(loginSchema.safeParse({ email: "nope", password: "12345" }))).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
    });
  });

  it("register: timezone, matching passwords (on confirmPassword) and the terms", () => {
    expect(registerFormSchema.safeParse(validRegistration).success).toBe(true);
    expect(
      messages(registerFormSchema.safeParse({ ...validRegistration, timezone: "", confirmPassword: "secret2", agreeToTerms: false })),
    ).toEqual({
      timezone: "Please select a timezone",
      confirmPassword: "Passwords don't match",
      agreeToTerms: "You must agree to the terms and conditions",
    });
  });

  it("register request: the form plus a 6-digit code and an optional referral", () => {
    expect(registerRequestSchema.safeParse({ ...validRegistration, confirmationCode: "012345" }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...validRegistration, confirmationCode: "012345", referralCode: "X1" }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...validRegistration, confirmationCode: "12345" }).success).toBe(false);
  });

  it("confirmation code: digits only, exactly 6", () => {
    expect(confirmationCodeSchema.safeParse("123456").success).toBe(true);
    expect(confirmationCodeSchema.safeParse("12a456").error?.issues[0]?.message).toBe("Invalid code");
    expect(confirmationCodeSchema.safeParse("12345").error?.issues[0]?.message).toBe("Please enter a 6-digit confirmation code.");
    expect(confirmationCodeSchema.safeParse("1234567").success).toBe(false);
  });

  it("reset password: e-mail, password and match", () => {
    expect(messages(resetPasswordFormSchema.safeParse({ email: "x", password: "123", confirmPassword: "1234567" }))).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
      confirmPassword: "Passwords don't match",
    });
  });

  it("settings: account and password change", () => {
    expect(accountSettingsSchema.safeParse({ email: "a@b.co", fullName: "", timezone: "UTC" }).success).toBe(true);
    expect(messages(accountSettingsSchema.safeParse({ email: "a@b.co", fullName: "", timezone: "" }))).toEqual({
      timezone: "Please select a timezone",
    });
    expect(messages(passwordChangeFormSchema.safeParse({ currentPassword: "", newPassword: "abcdef", confirmPassword: "abcdeg" }))).toEqual({
      currentPassword: "Current password is required",
      confirmPassword: "Passwords don't match",
    });
  });

  it("settings update request: one of the three shapes", () => {
    expect(updateSettingsRequestSchema.safeParse({ currentPassword: "x", newPassword: "abcdef" }).success).toBe(true);
    expect(updateSettingsRequestSchema.safeParse({ notificationPreferences: { weeklyDigest: false } }).success).toBe(true);
    expect(updateSettingsRequestSchema.safeParse({ nothing: true }).success).toBe(false);
  });

  it("timezone lists: 10 for registration and 8 for settings with the spec's labels", () => {
    expect(REGISTRATION_TIMEZONES).toHaveLength(10);
    expect(SETTINGS_TIMEZONES.map((t) => t.label)).toEqual(["UTC", "Pacific", "Mountain", "Central", "Eastern (US)", "London", "Paris", "Tokyo"]);
    expect(REGISTRATION_TIMEZONES.find((t) => t.value === "Europe/London")?.label).toBe("GMT / UTC");
  });
});
