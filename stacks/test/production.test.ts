/**
 * The prod synth as an operator meets it: what survives a removal, and the limits that keep
 * retries and timeouts inside each other (docs/architecture.md#operating-it).
 */
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { STACKS } from "../../sst.config";
import { Api } from "../api";
import { Web } from "../web";
import { build, type Json, resources, type StackFn } from "./harness";

/** Prod as the README deploys it: the site on its own domain, here with the API's own domain too. */
const DOMAINS = { SITE_DOMAIN: "storyboard.example.com", API_DOMAIN: "api.storyboard.example.com" };

describe("prod", () => {
  const templates = new Map<StackFn, Json>();
  /** The API and the site as the site build (every stack active) makes them with DOMAINS. */
  let withDomains: { api: Template; web: Template };
  beforeAll(async () => {
    const placeholders = await build("placeholders", "prod");
    for (const fn of STACKS) if (fn !== Web) templates.set(fn, placeholders.template(fn).toJSON());
    const site = await build("site", "prod", DOMAINS);
    withDomains = { api: site.template(Api), web: site.template(Web) };
    templates.set(Web, withDomains.web.toJSON());
  });

  const allResources = () => [...templates.values()].flatMap((t) => Object.entries(t.Resources as Record<string, Json>));

  it("retains only the data: the table, the two buckets and the user pool", () => {
    const retained = allResources()
      .filter(([, r]) => r.DeletionPolicy === "Retain" || r.UpdateReplacePolicy === "Retain")
      .map(([id, r]) => `${r.Type} ${id.replace(/[0-9A-F]{8}$/, "")}`)
      .sort();
    expect(retained).toEqual([
      "AWS::Cognito::UserPool UserPool",
      "AWS::DynamoDB::Table Table",
      "AWS::S3::Bucket MediaBucket",
      "AWS::S3::Bucket UploadsBucket",
    ]);
    // Nothing in prod empties a bucket when it goes.
    expect(
      allResources()
        .filter(([, r]) => r.Type === "Custom::S3AutoDeleteObjects")
        .map(([id]) => id),
    ).toEqual([]);
  });

  it("with API_DOMAIN turns the execute-api address off and sends CloudFront to the API's domain; with SITE_DOMAIN, TLS 1.2 (2021) holds", () => {
    const [api] = Object.values(resources(withDomains.api, "AWS::ApiGatewayV2::Api"));
    expect(api.Properties.DisableExecuteApiEndpoint).toBe(true);
    const [distribution] = Object.values(resources(withDomains.web, "AWS::CloudFront::Distribution"));
    const config = distribution.Properties.DistributionConfig;
    const apiBehavior = config.CacheBehaviors.find((b: Json) => b.PathPattern === "/api/*");
    const apiOrigin = config.Origins.find((o: Json) => o.Id === apiBehavior.TargetOriginId);
    expect(apiOrigin.DomainName).toBe(DOMAINS.API_DOMAIN);
    expect(apiOrigin.OriginCustomHeaders.map((h: Json) => h.HeaderName)).toEqual(["x-origin-verify"]);
    // The site's own certificate, on which CloudFront applies the minimum (its default certificate would not).
    expect(config.Aliases).toEqual([DOMAINS.SITE_DOMAIN]);
    expect(config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: "TLSv1.2_2021", SslSupportMethod: "sni-only" });
    expect(config.ViewerCertificate.AcmCertificateArn).toBeDefined();
    expect(config.ViewerCertificate.CloudFrontDefaultCertificate).toBeUndefined();
  });
});
