import { Config, type StackContext } from "sst/constructs";
import { settings } from "./settings";

/**
 * Secrets live in SSM (SecureString) and are set per stage with
 * `npx sst secrets set NAME VALUE`; they never appear in a template.
 * Parameters are plain values fixed at deploy time.
 */
export function Secrets({ stack, app }: StackContext) {
  const secrets = Config.Secret.create(
    stack,
    "GOOGLE_CLIENT_ID",
    "GOOGLE_CLIENT_SECRET",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "OPENAI_API_KEY",
    "ELEVENLABS_API_KEY",
    // CloudFront sends it to the API as `x-origin-verify`; the API refuses requests without it, so
    // only the distribution (with its WAF) reaches the API (docs/architecture.md#operating-it).
    "ORIGIN_VERIFY_SECRET",
  );
  const { siteUrl, mailFrom } = settings(app);
  const parameters = {
    APP_URL: new Config.Parameter(stack, "APP_URL", { value: siteUrl }),
    MAIL_FROM: new Config.Parameter(stack, "MAIL_FROM", { value: mailFrom }),
  };

  return {
    secrets,
    parameters,
    /** Bound to the functions that call the cloud AI providers (docs/architecture.md#providers). */
    providerSecrets: [secrets.OPENAI_API_KEY, secrets.ELEVENLABS_API_KEY],
    /** Bound to the API: billing reads Stripe's keys. */
    billingSecrets: [secrets.STRIPE_SECRET_KEY, secrets.STRIPE_WEBHOOK_SECRET],
  };
}
