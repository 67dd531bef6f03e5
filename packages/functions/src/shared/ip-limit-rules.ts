import type { RateLimitRule } from "@storyboard/core/rate-limit";

/** The per-IP limits as data (ip-limits.ts applies them; stacks/api.ts throttles the same routes). */
const rule = (action: string, limit: number, windowSeconds: number, message: string): RateLimitRule => ({
  action: `ip-${action}`,
  limit,
  windowSeconds,
  message,
});

/** By route key. Generous enough for an office or a family behind one address, far too few for a script. */
export const IP_LIMITS: Record<string, RateLimitRule> = {
  "POST /api/login": rule("login", 30, 10 * 60, "Too many sign-in attempts from your network."),
  "POST /api/auth/send-confirmation": rule("send-code", 20, 60 * 60, "Too many confirmation codes requested from your network."),
  "POST /api/auth/send-password-reset": rule("send-reset", 20, 60 * 60, "Too many password reset e-mails requested from your network."),
  "POST /api/auth/reset-password": rule("reset", 20, 15 * 60, "Too many password reset attempts from your network."),
  "POST /api/register": rule("register", 20, 60 * 60, "Too many accounts created from your network."),
  "POST /api/user/email-change/code": rule("email-change", 10, 60 * 60, "Too many e-mail change codes requested from your network."),
  "POST /api/contact-requests": rule("contact", 20, 60 * 60, "Too many contact requests from your network."),
};
