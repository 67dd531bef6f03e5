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
 *   API_DOMAIN        optional custom domain of the API itself (direct access)
 *   MAIL_FROM         sender of the e-mails (an SES-verified identity)
 *   STRIPE_PUBLISHABLE_KEY  Stripe's publishable key (public by design; the
 *                     secret key and webhook secret are SST secrets)
 */
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
}

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
  };
}
