import { readFileSync } from "node:fs";
import { earlyRequestsScript } from "../packages/web/src/lib/early-requests";
import {
  contentSecurityPolicy,
  EMBED_PATH_PATTERN,
  embedContentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  inlineScriptHashes,
} from "@storyboard/functions/shared/security-headers";
import { Duration, Fn } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin, S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import * as s3 from "aws-cdk-lib/aws-s3";
import { type StackContext, StaticSite, use } from "sst/constructs";
import { APP_SHELL_FILE, PRERENDERED_PAGES, prerenderedFile, SIGNED_IN_FRAMES } from "@storyboard/core/catalog/prerendered-pages";
import { Api } from "./api";
import { Auth, readSecretAtDeploy } from "./auth";
import { Secrets } from "./secrets";
import { settings } from "./settings";
import { Storage } from "./storage";
import { edgeFirewall } from "./waf";

/** Days CloudFront's access logs are kept. */
export const CDN_LOG_DAYS = 90;

/** Requests under this prefix go to the API, everything else to the site. */
export const API_PATH_PATTERN = "/api/*";

const PAGE_FILES = Object.fromEntries([...PRERENDERED_PAGES, ...SIGNED_IN_FRAMES].map((page) => [page, prerenderedFile(page)]));

/**
 * Client-side routing: a path without a file extension gets its prerendered
 * page (`/pricing` → `/pricing.html`, docs/decisions.md#web-performance) or
 * else the app shell (`/dashboard`, `/renders/01J...`). Done per request
 * instead of with the distribution's error responses, which would also turn
 * the API's 403 and 404 answers into the shell.
 */
export const SPA_REWRITE = `
var PAGES = ${JSON.stringify(PAGE_FILES)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.split("/").pop();
  if (uri.indexOf("/.well-known/") !== 0 && last.indexOf(".") === -1) {
    var page = uri.length > 1 ? uri.replace(/\\/+$/, "") : uri;
    request.uri = PAGES[page] || "${APP_SHELL_FILE}";
  }
  return request;
}`;

/** Share links of showcase entries: answered by the API with link-preview tags, then the app. */
export const SHARE_PATH_PATTERN = "/showcase/*";

/**
 * `/showcase/{id}` becomes the API's share page (`/api/share/showcase/{id}`),
 * which serves the app's shell with the entry's Open Graph and Twitter
 * tags, so a crawler sees them without running JavaScript
 * (docs/decisions.md#showcase). `/showcase/search` gets its prerendered page the same way.
 */
export const SHARE_REWRITE = `
function handler(event) {
  var request = event.request;
  var id = request.uri.substring("/showcase/".length).split("/")[0];
  request.uri = "/api/share/showcase/" + (id || "search");
  return request;
}`;

/**
 * `/embed/{id}` becomes the API's embed page (`/api/share/embed/{id}`): the
 * player alone, the one page anyone may frame (docs/decisions.md#the-embed-page).
 */
export const EMBED_REWRITE = `
function handler(event) {
  var request = event.request;
  var id = request.uri.substring("/embed/".length).split("/")[0];
  request.uri = "/api/share/embed/" + id;
  return request;
}`;

/**
 * The React app as a StaticSite, and the API mounted on the same CloudFront
 * distribution under `/api/*`: one origin for the browser, so the session
 * cookie is first-party and no CORS is involved.
 */
export function Web({ stack, app }: StackContext) {
  const { api } = use(Api);
  const { media } = use(Storage);
  const { cognitoDomain } = use(Auth);
  const { siteDomain, apiDomain } = settings(app);
  const { secrets } = use(Secrets);

  // CSP, framing, referrer, HSTS on every page and file of the site, from the same definition as the
  // local server (docs/decisions.md#headers). Media come from the private bucket through presigned GETs.
  const mediaHost = `https://${media.cdk.bucket.bucketRegionalDomainName}`;
  const csp = contentSecurityPolicy({
    // Vite copies index.html's inline theme script unchanged into the build and adds the early-requests
    // script (packages/web/src/lib/early-requests.ts) as written, so both hashes hold.
    inlineScripts: inlineScriptHashes(
      `${readFileSync(new URL("../packages/web/index.html", import.meta.url), "utf8")}<script>${earlyRequestsScript()}</script>`,
    ),
    media: [mediaHost],
    // Google sign-in: our own hosted UI's token endpoint (no other tenant's) and Cognito's own API.
    connect: [`https://${cognitoDomain}`, `https://cognito-idp.${stack.region}.amazonaws.com`],
  });
  const securityHeaders = new cloudfront.ResponseHeadersPolicy(stack, "SecurityHeaders", {
    comment: `${app.stage}-${app.name} CSP, framing, referrer and HSTS`,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      contentTypeOptions: { override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
    },
  });

  // The embed page: the same headers but no X-Frame-Options and `frame-ancestors *`, its video and poster only.
  const embedHeaders = new cloudfront.ResponseHeadersPolicy(stack, "EmbedHeaders", {
    comment: `${app.stage}-${app.name} embed page: framed by anyone`,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: embedContentSecurityPolicy({ media: [mediaHost] }), override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      contentTypeOptions: { override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
    },
  });
  const embedRewrite = new cloudfront.Function(stack, "EmbedRewrite", {
    code: cloudfront.FunctionCode.fromInline(EMBED_REWRITE),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    comment: "Embed pages to the API's embed page",
  });

  // API Gateway answers only to its own host name: forward everything but Host. With API_DOMAIN the
  // execute-api address is off (stacks/api.ts), so CloudFront uses the API's domain. Either way the
  // x-origin-verify header, a secret only CloudFront and the API know, proves a request came through here.
  const apiOrigin = new HttpOrigin(apiDomain?.domainName ?? Fn.parseDomainName(api.url), {
    protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    customHeaders: { "x-origin-verify": readSecretAtDeploy(stack, "OriginVerifySecret", secrets.ORIGIN_VERIFY_SECRET) },
  });
  // The site's files, read by CloudFront through origin access control (no legacy access identity).
  const siteBucket = new s3.Bucket(stack, "SiteFiles", {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
  });
  // CloudFront's standard logs (one file per few minutes of requests), kept 90 days.
  const accessLogs = new s3.Bucket(stack, "CdnLogs", {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
    lifecycleRules: [{ expiration: Duration.days(CDN_LOG_DAYS) }],
  });
  const spaRewrite = new cloudfront.Function(stack, "SpaRewrite", {
    code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    comment: "Serve index.html for client-side routes",
  });

  const shareRewrite = new cloudfront.Function(stack, "ShareRewrite", {
    code: cloudfront.FunctionCode.fromInline(SHARE_REWRITE),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    comment: "Showcase share links to the API's share page",
  });

  const site = new StaticSite(stack, "Site", {
    path: "packages/web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    customDomain: siteDomain,
    // The app reads its runtime settings from GET /api/env and calls the API at
    // the relative /api, so the build needs no VITE_* values from the stacks.
    environment: {},
    // SST would write its (here empty) env typings into packages/web/src.
    vite: { types: "../../.sst/web-env.d.ts" },
    cdk: {
      bucket: siteBucket,
      distribution: {
        comment: `${app.stage}-${app.name} site and API`,
        errorResponses: [],
        webAclId: edgeFirewall(stack, app).attrArn,
        enableLogging: true,
        logBucket: accessLogs,
        logFilePrefix: "cloudfront/",
        minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
        defaultBehavior: {
          origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
          functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
          responseHeadersPolicy: securityHeaders,
        },
        additionalBehaviors: {
          [API_PATH_PATTERN]: {
            origin: apiOrigin,
            viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
            cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
            // Cookies, query strings and headers (Origin included) reach the handlers.
            originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          },
          [SHARE_PATH_PATTERN]: {
            origin: apiOrigin,
            viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
            allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
            // The page changes when its entry is edited; the handler's own max-age=60 keeps crawlers cheap.
            cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
            originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
            functionAssociations: [{ function: shareRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
            responseHeadersPolicy: securityHeaders,
          },
          [EMBED_PATH_PATTERN]: {
            origin: apiOrigin,
            viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
            allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
            cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
            originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
            functionAssociations: [{ function: embedRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
            responseHeadersPolicy: embedHeaders,
          },
        },
      },
    },
  });

  // TLS 1.2 (2021 ciphers) at least, with a custom domain's certificate as above, and stated for
  // CloudFront's default certificate too (which CloudFront serves with its own policy: use SITE_DOMAIN in prod).
  if (!siteDomain && site.cdk?.distribution) {
    const cfn = site.cdk.distribution.node.defaultChild as cloudfront.CfnDistribution;
    cfn.addPropertyOverride("DistributionConfig.ViewerCertificate", {
      CloudFrontDefaultCertificate: true,
      MinimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
    });
  }

  stack.addOutputs({
    SiteUrl: site.customDomainUrl ?? site.url ?? "",
    // Also ties this stack to the API's endpoint when the site is not synthesized (see stacks/synth.ts).
    ApiEndpoint: api.customDomainUrl ?? api.url,
  });
  return { site };
}
