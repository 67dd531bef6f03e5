import type { Stack } from "aws-cdk-lib";
import * as waf from "aws-cdk-lib/aws-wafv2";
import type { App } from "sst/constructs";

/** Requests one address may make to the sign-in, sign-up, account-code and contact paths in 5 minutes. */
export const SENSITIVE_PATH_LIMIT = 100;

/** Where the per-address rate rule looks: the paths a script would hammer (docs/decisions.md#hardening). */
export const SENSITIVE_PATHS = [
  { path: "/api/login", match: "EXACTLY" },
  { path: "/api/register", match: "EXACTLY" },
  { path: "/api/auth/", match: "STARTS_WITH" },
  { path: "/api/contact-requests", match: "EXACTLY" },
] as const;

/** Rules of AWS's common rule set that only count: a screenplay upload is a body larger than its 8 KB. */
export const COMMON_RULES_COUNTED = ["SizeRestrictions_BODY"];

const visibility = (metricName: string): waf.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/**
 * The web ACL in front of CloudFront (a CLOUDFRONT-scoped ACL lives in us-east-1, the app's region):
 * a per-address limit on the sensitive paths, so one client cannot use up the API's throttle for
 * everyone, and AWS's managed common rule set.
 */
export function edgeFirewall(stack: Stack, app: App): waf.CfnWebACL {
  if (stack.region !== "us-east-1") throw new Error("CloudFront's web ACL must be in us-east-1.");
  const pathMatch = ({ path, match }: (typeof SENSITIVE_PATHS)[number]): waf.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: match,
      searchString: path,
      textTransformations: [{ priority: 0, type: "NONE" }],
    },
  });
  return new waf.CfnWebACL(stack, "EdgeFirewall", {
    name: `${app.stage}-${app.name}-edge`,
    scope: "CLOUDFRONT",
    defaultAction: { allow: {} },
    visibilityConfig: visibility(`${app.stage}-edge`),
    rules: [
      {
        name: "sensitive-paths-per-address",
        priority: 0,
        action: { block: { customResponse: { responseCode: 429 } } },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: "IP",
            limit: SENSITIVE_PATH_LIMIT,
            evaluationWindowSec: 300,
            scopeDownStatement: { orStatement: { statements: SENSITIVE_PATHS.map(pathMatch) } },
          },
        },
        visibilityConfig: visibility(`${app.stage}-sensitive-paths`),
      },
      {
        name: "aws-common",
        priority: 1,
        overrideAction: { none: {} },
        statement: {
          managedRuleGroupStatement: {
            vendorName: "AWS",
            name: "AWSManagedRulesCommonRuleSet",
            ruleActionOverrides: COMMON_RULES_COUNTED.map((name) => ({ name, actionToUse: { count: {} } })),
          },
        },
        visibilityConfig: visibility(`${app.stage}-aws-common`),
      },
    ],
  });
}
