/**
 * Deploy-time settings that are not resources: the site's public URL and the
 * optional custom domains, read from the environment of `sst deploy`.
 *
 * The site URL has to be known before the site exists: Cognito's callback
 * URLs (auth stack) and the API's APP_URL (origin check, e-mail links) need it,
 * while the site's CloudFront distribution needs the API as its `/api/*` origin.
 * Taking it from the distribution would make auth -> web -> api -> auth a
 * CloudFormation cycle, so it is configuration:
 *   SITE_DOMAIN       custom domain of the site (Route 53), e.g. storyboard.example.com
 *   SITE_HOSTED_ZONE  its hosted zone when it differs from the domain's parent
 *   SITE_URL          the site's URL when there is no custom domain (the
 *                     CloudFront URL printed by a first deploy), see stacks/README.md
 *   API_DOMAIN        custom domain of the API: CloudFront's /api/* origin, and the execute-api
 *                     address disabled (docs/decisions.md#production-on-aws)
 *   MAIL_FROM         sender of the e-mails (an SES-verified identity)
 *   STRIPE_PUBLISHABLE_KEY  Stripe's publishable key (public by design; the
 *                     secret key and webhook secret are SST secrets)
 *   ALARM_EMAIL       who the alarms mail (an SNS e-mail subscription, confirmed once by its owner)
 *   LOG_RETENTION_DAYS  how long CloudWatch keeps every function's logs (default 30)
 *   SUPPORT_EMAIL     the address people write to (Reply-To of the notices that say 'reply'); default support@storyboard.app
 *   PROVIDER_CHECK_ON_DEPLOY  "fail" (default) stops a deploy whose provider keys or models would
 *                     fail; "warn" only records it (docs/decisions.md#provider-check-at-deploy)
 */
import { RetentionDays } from "aws-cdk-lib/aws-logs";
import type { App } from "sst/constructs";

export interface CustomDomain {
  domainName: string;
  hostedZone?: string;
}

export interface Settings {
  /** The site's origin, no trailing slash: `https://storyboard.example.com`. */
  siteUrl: string;
  siteDomain?: CustomDomain;
  apiDomain?: CustomDomain;
  mailFrom: string;
  /** Handed to the browser by `GET /api/env` for Stripe.js; unset means card payments are off. */
  stripePublishableKey?: string;
  isProd: boolean;
  alarmEmail?: string;
  logRetentionDays: number;
  supportEmail: string;
  providerCheckOnDeploy: "fail" | "warn";
}

export const DEFAULT_LOG_RETENTION_DAYS = 30;
/** The address the site shows and the server's default (`config.ts`), when a deploy names none. */
export const DEFAULT_SUPPORT_EMAIL = "support@storyboard.app";

/** What `npm start` serves; used when a deploy names no site URL (see the README's first-deploy note). */
const LOCAL_SITE_URL = "http://localhost:3000";

const read = (name: string) => {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
};

export function settings(app: App): Settings {
  const siteDomainName = read("SITE_DOMAIN");
  const siteDomain = siteDomainName ? { domainName: siteDomainName, hostedZone: read("SITE_HOSTED_ZONE") } : undefined;
  const apiDomainName = read("API_DOMAIN");
  const siteUrl = (siteDomain ? `https://${siteDomain.domainName}` : (read("SITE_URL") ?? LOCAL_SITE_URL)).replace(/(?<!\/)\/+$/, "");
  const mailDomain = siteDomain?.domainName ?? "storyboard.local";
  return {
    siteUrl,
    siteDomain,
    apiDomain: apiDomainName ? { domainName: apiDomainName, hostedZone: read("API_HOSTED_ZONE") } : undefined,
    mailFrom: read("MAIL_FROM") ?? `Storyboard <no-reply@${mailDomain}>`,
    stripePublishableKey: read("STRIPE_PUBLISHABLE_KEY"),
    isProd: app.stage === "prod",
    alarmEmail: read("ALARM_EMAIL"),
    logRetentionDays: Number(read("LOG_RETENTION_DAYS") ?? DEFAULT_LOG_RETENTION_DAYS),
    supportEmail: supportEmail(read("SUPPORT_EMAIL") ?? DEFAULT_SUPPORT_EMAIL),
    providerCheckOnDeploy: providerCheckOnDeploy(read("PROVIDER_CHECK_ON_DEPLOY") ?? "fail"),
  };
}

/** SST's name for a CloudWatch retention (`one_month`), from a number of days CloudWatch accepts. */
export function logRetention(days: number) {
  const name = Object.entries(RetentionDays).find(([, value]) => value === days)?.[0];
  if (!name) throw new Error(`LOG_RETENTION_DAYS=${days} is not a retention CloudWatch offers (1, 3, 5, 7, 14, 30, 60, 90, ...).`);
  return name.toLowerCase() as Lowercase<keyof typeof RetentionDays>;
}

/** A plain address (no display name: it is written into Reply-To and into the text), refused at synth if malformed. */
function supportEmail(value: string): string {
  if (!/^[^\s@<>"]+@[^\s@<>".]+(?:\.[^\s@<>".]+)+$/.test(value)) throw new Error(`SUPPORT_EMAIL=${value} is not an e-mail address (e.g. support@example.com).`);
  return value;
}

function providerCheckOnDeploy(value: string): "fail" | "warn" {
  if (value !== "fail" && value !== "warn") throw new Error(`PROVIDER_CHECK_ON_DEPLOY=${value}: use "fail" or "warn".`);
  return value;
}
