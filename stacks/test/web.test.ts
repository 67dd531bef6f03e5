/**
 * The site's CloudFront distribution exists only where the web stack is
 * active, and `finish()` would then build the Vite app (a StaticSite's
 * deferred task), so this file reads the template of the "site" build: every
 * stack active, constructors only (see stacks/offline.ts).
 */
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "@storyboard/functions/shared/security-headers";
import { earlyRequestsScript } from "../../packages/web/src/lib/early-requests";
import { SENSITIVE_PATH_LIMIT } from "../waf";
import { REVIEW_TOKEN_HEADER } from "@storyboard/core/review/schema";
import { Api } from "../api";
import { EMBED_REWRITE, SHARE_REWRITE, SPA_REWRITE, Web } from "../web";
import { build, resources } from "./harness";

const CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
const ALL_VIEWER_EXCEPT_HOST_HEADER = "b689b0a8-53d0-40ab-baf2-68738e2966ac";

/** The response-headers policy whose comment has these words, with its logical id. */
const policyNamed = (template: Template, words: string) => {
  const [id, policy] = Object.entries(resources(template, "AWS::CloudFront::ResponseHeadersPolicy")).find(([, p]: [string, any]) =>
    p.Properties.ResponseHeadersPolicyConfig.Comment.includes(words),
  ) as [string, any];
  return Object.assign(policy, { id });
};

describe("web stack", () => {
  let template: Template;
  let apiTemplate: Template;
  let config: any;
  beforeAll(async () => {
    const site = await build("site");
    template = site.template(Web);
    apiTemplate = site.template(Api);
    const distributions = Object.values(resources(template, "AWS::CloudFront::Distribution"));
    expect(distributions).toHaveLength(1);
    config = distributions[0].Properties.DistributionConfig;
  });

  const origin = (id: string) => config.Origins.find((o: any) => o.Id === id);

  it("serves the static site from its private bucket by default", () => {
    expect(config.DefaultRootObject).toBe("index.html");
    const site = origin(config.DefaultCacheBehavior.TargetOriginId);
    expect(site.DomainName["Fn::GetAtt"][0]).toMatch(/^SiteFiles/);
    // Origin access control, not the legacy origin access identity.
    expect(site.S3OriginConfig).toEqual({ OriginAccessIdentity: "" });
    expect(site.OriginAccessControlId).toBeDefined();
    expect(resources(template, "AWS::CloudFront::CloudFrontOriginAccessIdentity")).toEqual({});
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe("redirect-to-https");
  });

  it("mounts the API under /api/* on the same distribution: every method, no caching, cookies forwarded", () => {
    expect(config.CacheBehaviors.map((b: any) => b.PathPattern)).toEqual(["/api/*", "/showcase/*", "/embed/*"]);
    const api = config.CacheBehaviors[0];
    expect(api.AllowedMethods.sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.ViewerProtocolPolicy).toBe("https-only");
    const apiOrigin = origin(api.TargetOriginId);
    expect(apiOrigin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: "https-only" });
    // The host name of the API's own endpoint, imported from the api stack.
    expect(JSON.stringify(apiOrigin.DomainName)).toContain("test-storyboard-Api:ExportsOutputFnGetAttApi");
    expect(JSON.stringify(apiOrigin.DomainName)).toContain("ApiEndpoint");
  });

  it("routes client-side paths with a viewer-request function, not error pages that would swallow API errors", () => {
    expect(config.CustomErrorResponses).toBeUndefined();
    const [association] = config.DefaultCacheBehavior.FunctionAssociations;
    expect(association.EventType).toBe("viewer-request");
    const fnId = association.FunctionARN["Fn::GetAtt"][0];
    expect(template.toJSON().Resources[fnId].Properties.FunctionCode).toBe(SPA_REWRITE);
  });

  it("the rewrite gives prerendered pages their file, the app shell to other routes, and leaves files alone", () => {
    // The CloudFront function is plain ES5: run it here.
    const handler = new Function(`${SPA_REWRITE}; return handler;`)() as (e: any) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite("/")).toBe("/index.html");
    expect(rewrite("/pricing")).toBe("/pricing.html");
    expect(rewrite("/pricing/")).toBe("/pricing.html");
    expect(rewrite("/dashboard")).toBe("/dashboard.html");
    expect(rewrite("/settings")).toBe("/app.html");
    expect(rewrite("/renders/01JABCDEF")).toBe("/app.html");
    expect(rewrite("/assets/index-abc123.js")).toBe("/assets/index-abc123.js");
    expect(rewrite("/favicon.ico")).toBe("/favicon.ico");
    expect(rewrite("/.well-known/security.txt")).toBe("/.well-known/security.txt");
  });

  it("sends showcase share links to the API's share page, which adds link-preview tags to the app shell", () => {
    const share = config.CacheBehaviors.find((b: any) => b.PathPattern === "/showcase/*");
    expect(share.TargetOriginId).toBe(config.CacheBehaviors[0].TargetOriginId);
    expect(share.AllowedMethods.sort()).toEqual(["GET", "HEAD"]);
    const fnId = share.FunctionAssociations[0].FunctionARN["Fn::GetAtt"][0];
    expect(template.toJSON().Resources[fnId].Properties.FunctionCode).toBe(SHARE_REWRITE);
    const handler = new Function(`${SHARE_REWRITE}; return handler;`)() as (e: any) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite("/showcase/3f2a-entry")).toBe("/api/share/showcase/3f2a-entry");
    expect(rewrite("/showcase/search")).toBe("/api/share/showcase/search");
  });

  it("adds CSP, frame-ancestors and X-Frame-Options, Referrer-Policy and HSTS to the site and share pages (docs/decisions.md#headers)", () => {
    const headers = policyNamed(template, "CSP, framing").Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+'){2} https:\/\/js.stripe.com/);
    expect(csp).not.toContain("unsafe-inline' https://js.stripe.com");
    // The early-requests script Vite adds to every page is allowed by its hash.
    expect(csp).toContain(inlineScriptHashes(`<script>${earlyRequestsScript()}</script>`)[0]);
    // Media come from the private bucket's own host (presigned GETs).
    expect(csp).toContain("RegionalDomainName");
    // Our own Cognito domain only, never any tenant's.
    expect(csp).not.toContain("*.amazoncognito.com");
    expect(csp).toMatch(/connect-src[^;]*storyboard\.auth\.[a-z0-9-]+\.amazoncognito\.com/);
    expect(headers.ContentSecurityPolicy.Override).toBe(true);
    expect(headers.FrameOptions).toEqual({ FrameOption: "DENY", Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: "strict-origin-when-cross-origin", Override: true });
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true });
    const policyId = config.DefaultCacheBehavior.ResponseHeadersPolicyId;
    expect(policyId).toBeDefined();
    const share = config.CacheBehaviors.find((b: any) => b.PathPattern === "/showcase/*");
    expect(share.ResponseHeadersPolicyId).toEqual(policyId);
  });

  it("lets anyone frame the embed page, and only it (docs/decisions.md#the-embed-page)", () => {
    const embed = config.CacheBehaviors.find((b: any) => b.PathPattern === "/embed/*");
    expect(embed.AllowedMethods.sort()).toEqual(["GET", "HEAD"]);
    const fnId = embed.FunctionAssociations[0].FunctionARN["Fn::GetAtt"][0];
    expect(template.toJSON().Resources[fnId].Properties.FunctionCode).toBe(EMBED_REWRITE);
    const handler = new Function(`${EMBED_REWRITE}; return handler;`)() as (e: any) => { uri: string };
    expect(handler({ request: { uri: "/embed/3f2a-entry" } }).uri).toBe("/api/share/embed/3f2a-entry");

    const embedPolicy = policyNamed(template, "embed page");
    expect(JSON.stringify(embed.ResponseHeadersPolicyId)).toContain(embedPolicy.id);
    const headers = embedPolicy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.FrameOptions).toBeUndefined();
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors *");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("RegionalDomainName");
    expect(csp).not.toContain("script-src");
    // Every other behaviour keeps the site's policy: DENY and frame-ancestors 'none'.
    const sitePolicyId = config.DefaultCacheBehavior.ResponseHeadersPolicyId;
    for (const b of config.CacheBehaviors.filter((b: any) => b.PathPattern !== "/embed/*" && b.ResponseHeadersPolicyId)) {
      expect(b.ResponseHeadersPolicyId, b.PathPattern).toEqual(sitePolicyId);
    }
  });

  it("outputs the site URL", () => {
    const url = template.toJSON().Outputs.SiteUrl.Value;
    expect(url["Fn::Join"][1]).toEqual(["https://", { "Fn::GetAtt": [expect.stringMatching(/^SiteDistribution/), "DomainName"] }]);
  });

  it("sits behind a WAF with a per-address limit on sign-in, sign-up, account codes and contact, and AWS's common rules", () => {
    const [acl] = Object.values(resources(template, "AWS::WAFv2::WebACL"));
    expect(acl.Properties.Scope).toBe("CLOUDFRONT");
    expect(JSON.stringify(config.WebACLId)).toContain("EdgeFirewall");
    const [rate, common] = acl.Properties.Rules;
    expect(rate.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: "IP", Limit: SENSITIVE_PATH_LIMIT });
    const paths = rate.Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements.map(
      (s: any) => s.ByteMatchStatement.SearchString,
    );
    expect(paths).toEqual(["/api/login", "/api/register", "/api/auth/", "/api/contact-requests"]);
    expect(common.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: "AWS", Name: "AWSManagedRulesCommonRuleSet" });
  });

  it("logs requests, requires TLS 1.2 (2021) and tells the API each request came through CloudFront", () => {
    expect(config.Logging.Bucket["Fn::GetAtt"][0]).toMatch(/^CdnLogs/);
    expect(config.ViewerCertificate?.MinimumProtocolVersion).toBe("TLSv1.2_2021");
    const apiOrigin = origin(config.CacheBehaviors[0].TargetOriginId);
    expect(apiOrigin.OriginCustomHeaders.map((h: any) => h.HeaderName)).toEqual(["x-origin-verify"]);
    expect(JSON.stringify(apiOrigin.OriginCustomHeaders)).toContain("OriginVerifySecret");
  });

  it("without API_DOMAIN keeps the execute-api address on, as CloudFront's origin, and the header keeps others out", () => {
    const [api] = Object.values(resources(apiTemplate, "AWS::ApiGatewayV2::Api"));
    // With API_DOMAIN it is off and CloudFront uses that domain (stacks/test/production.test.ts).
    expect(api.Properties.DisableExecuteApiEndpoint).toBe(false);
    const apiOrigin = origin(config.CacheBehaviors[0].TargetOriginId);
    expect(JSON.stringify(apiOrigin.DomainName)).toMatch(/ApiEndpoint/);
    // A direct request without the header gets 403 (packages/functions/src/shared/client-address.int.test.ts).
    expect(apiOrigin.OriginCustomHeaders.map((h: any) => h.HeaderName)).toEqual(["x-origin-verify"]);
  });

  // docs/decisions.md#review-links: CloudFront's logs keep each request's path, query and Referer (and
  // cookies if asked); API Gateway's keep the path. A review token travels in none of them.
  it("keeps review tokens out of the access logs: no cookies logged, no token in any route's path", () => {
    expect(config.Logging.IncludeCookies ?? false).toBe(false);
    // The page is /review (the token is its fragment, which browsers never send): the app shell.
    const handler = new Function(`${SPA_REWRITE}; return handler;`)() as (e: any) => { uri: string };
    expect(handler({ request: { uri: "/review" } }).uri).toBe("/app.html");
    // The API reads the token from a header, which reaches it (every viewer header but Host is forwarded).
    expect(config.CacheBehaviors[0].OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    const routeKeys = Object.values(resources(apiTemplate, "AWS::ApiGatewayV2::Route")).map((r: any) => r.Properties.RouteKey as string);
    expect(routeKeys).toEqual(expect.arrayContaining(["GET /api/review", "POST /api/review/comments", "POST /api/review/decision"]));
    expect(routeKeys.filter((key) => /\/review\/\{|\{token\}/.test(key))).toEqual([]);
    // API Gateway's access log format writes no request header, so not the token's either.
    const stages = Object.values(resources(apiTemplate, "AWS::ApiGatewayV2::Stage"));
    expect(stages.filter((stage) => stage.Properties.AccessLogSettings).length).toBeGreaterThan(0);
    for (const stage of stages) expect(JSON.stringify(stage.Properties.AccessLogSettings?.Format ?? "")).not.toMatch(/request\.header|x-review-token/i);
    expect(REVIEW_TOKEN_HEADER).toBe("x-review-token");
  });
});
