/**
 * Account schemas shared by the web forms and the API handlers (docs/product.md#accounts).
 * Browser-safe: imports only zod and plain-text. Messages are the spec's exact strings.
 */
import { z } from "zod";
import { singleLine } from "../plain-text";

export const PASSWORD_MIN_LENGTH = 6;
export const CONFIRMATION_CODE_LENGTH = 6;
/** How long an e-mailed confirmation code stays valid. */
export const CONFIRMATION_CODE_TTL_MINUTES = 4;

export const MESSAGES = {
  email: "Please enter a valid email address",
  password: "Password must be at least 6 characters",
  timezone: "Please select a timezone",
  passwordsMatch: "Passwords don't match",
  terms: "You must agree to the terms and conditions",
  codeDigits: "Invalid code",
  codeLength: "Please enter a 6-digit confirmation code.",
  currentPassword: "Current password is required",
} as const;

const email = z.email({ error: MESSAGES.email });
const password = z.string().min(PASSWORD_MIN_LENGTH, { error: MESSAGES.password });
const timezone = z.string().min(1, { error: MESSAGES.timezone });
/** Names reach e-mail headers and greetings: one line, no controls (docs/decisions.md#text-placement). */
const fullName = z.string().overwrite(singleLine).trim().max(100).optional();

export const confirmationCodeSchema = z
  .string()
  .regex(/^\d*$/, { error: MESSAGES.codeDigits })
  .length(CONFIRMATION_CODE_LENGTH, { error: MESSAGES.codeLength });

const passwordsMatch = (v: { password: string; confirmPassword: string }) =>
  v.password === v.confirmPassword;
const matchIssue = { error: MESSAGES.passwordsMatch, path: ["confirmPassword"] };

export const loginSchema = z.object({
  email,
  password,
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerFormSchema = z
  .object({
    email,
    fullName,
    timezone,
    password,
    confirmPassword: password,
    agreeToTerms: z.boolean().refine((v) => v === true, { error: MESSAGES.terms }),
  })
  .refine(passwordsMatch, matchIssue);
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

/** What POST /api/register receives: the form plus the e-mailed code and a referral. */
export const registerRequestSchema = registerFormSchema.and(
  z.object({
    confirmationCode: confirmationCodeSchema,
    referralCode: z.string().trim().max(64).optional(),
  }),
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const sendConfirmationSchema = z.object({ email });

/** The forgot-password form: e-mail and the new password twice. */
export const resetPasswordFormSchema = z
  .object({ email, password, confirmPassword: password })
  .refine(passwordsMatch, matchIssue);
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** What POST /api/auth/reset-password receives. */
export const resetPasswordRequestSchema = z.object({
  email,
  password,
  confirmationCode: confirmationCodeSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const tokenExchangeSchema = z.object({
  idToken: z.string().min(1),
  referralCode: z.string().trim().max(64).optional(),
});

export const accountSettingsSchema = z.object({
  email,
  fullName,
  timezone,
});
export type AccountSettingsInput = z.infer<typeof accountSettingsSchema>;

export const passwordChangeFormSchema = z
  .object({
    currentPassword: z.string().min(1, { error: MESSAGES.currentPassword }),
    newPassword: password,
    confirmPassword: password,
  })
  .refine((v) => v.newPassword === v.confirmPassword, matchIssue);
export type PasswordChangeFormInput = z.infer<typeof passwordChangeFormSchema>;

export const passwordChangeRequestSchema = z.object({
  currentPassword: z.string().min(1, { error: MESSAGES.currentPassword }),
  newPassword: password,
});

/**
 * Every e-mail preference a user holds; all default to true
 * (docs/product.md#notifications). The one list: the schema, the defaults and
 * the table's attribute are all derived from it.
 */
export const NOTIFICATION_PREFERENCE_KEYS = [
  "renderStarted",
  "renderComplete",
  "payment",
  "renderFailure",
  "emailNotifications",
  "marketingEmails",
  "renderNotifications",
  "weeklyDigest",
] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];

export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, z.boolean()])) as Record<NotificationPreferenceKey, z.ZodBoolean>,
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = Object.freeze(
  Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, true])) as NotificationPreferences,
);

/** PUT /api/user/settings takes exactly one of three shapes. */
export const updateSettingsRequestSchema = z.union([
  accountSettingsSchema,
  passwordChangeRequestSchema,
  z.object({ notificationPreferences: notificationPreferencesSchema.partial() }),
]);
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;
