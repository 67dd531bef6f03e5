/**
 * Every cdk-nag finding we accept, in one place: the rule, the resources it is accepted on (a
 * pattern over construct paths, `<stage>-storyboard-<Stack>/...`), and why. stacks/test/nag*.test.ts
 * run the AwsSolutions and Serverless packs over the prod synth and fail on any error not listed here.
 */
export interface NagSuppression {
  rule: string;
  /** Construct paths the finding is accepted on. */
  resources: RegExp;
  reason: string;
}

const ANY = /.*/;
/** SST's and CDK's own helper functions (custom resources, log retention, bucket notifications). */
const FRAMEWORK_FUNCTIONS =
  /\/(CustomResourceHandler|LogRetention[0-9a-f]+|AWS679f53fac002430cb0da5b7982bd2287|BucketNotificationsHandler[0-9a-f]+|Custom::[A-Za-z]+)/;

export const NAG_SUPPRESSIONS: NagSuppression[] = [
  {
    rule: "AwsSolutions-IAM4",
    resources: ANY,
    reason: "AWSLambdaBasicExecutionRole only: writing the function's own CloudWatch logs.",
  },
  {
    rule: "AwsSolutions-IAM5",
    resources: ANY,
    reason:
      "Wildcards CDK's grants write under one named resource: the table's index/*, objects under a bucket prefix (screenplays/*), " +
      "s3:GetObject*-style action groups, SES identity/* of the account, SST's SSM parameter paths of one stage. No wildcard over another resource.",
  },
  {
    rule: "AwsSolutions-L1",
    resources: ANY,
    reason: "nodejs22.x is the newest Node runtime SST 2 deploys; the runtime is set once in sst.config.ts.",
  },
  {
    rule: "Serverless-LambdaLatestVersion",
    resources: ANY,
    reason: "nodejs22.x is the newest Node runtime SST 2 deploys; the runtime is set once in sst.config.ts.",
  },
  {
    rule: "Serverless-LambdaDLQ",
    resources: ANY,
    reason:
      "Route functions and state-machine tasks are invoked synchronously (API Gateway, Step Functions), where a DLQ never applies; " +
      "every asynchronously invoked function (the parser, the crons, the settlement rule's target) has an SQS on-failure destination instead.",
  },
  {
    rule: "AwsSolutions-APIG4",
    resources: /-Api\/Api\//,
    reason: "Sessions are our own cookie, checked by the handler wrapper against the route's auth level (docs/architecture.md#sessions).",
  },
  {
    rule: "Serverless-SQSRedrivePolicy",
    resources: /Failures\/Resource$/,
    reason: "These queues are the dead-letter queues.",
  },
  {
    rule: "AwsSolutions-SQS3",
    resources: /Failures\/Resource$/,
    reason: "These queues are the dead-letter queues.",
  },
  {
    rule: "AwsSolutions-SF1",
    resources: /StateMachine\/Resource$/,
    reason: "Errors only, without execution data: the data is a user's render (docs/architecture.md#operating-it).",
  },
  {
    rule: "AwsSolutions-S1",
    resources: /-Storage\/(Uploads|Media)\//,
    reason: "Only the functions touch these objects, and their logs record it; CloudFront's access logs cover every request from outside.",
  },
  {
    rule: "AwsSolutions-S1",
    resources: /-Web\/CdnLogs\//,
    reason: "The access-log bucket itself.",
  },
  {
    rule: "AwsSolutions-S1",
    resources: /-Web\/SiteFiles\//,
    reason: "The site's build, read only by CloudFront, whose access logs record every request.",
  },
  {
    rule: "AwsSolutions-CFR4",
    resources: /-Web\/Site\/Distribution\/Resource$/,
    reason:
      "Without SITE_DOMAIN the distribution serves CloudFront's default certificate, which ignores the TLSv1.2_2021 policy the template states; " +
      "with SITE_DOMAIN (what prod uses, stacks/README.md) the policy applies.",
  },
  {
    rule: "Serverless-LambdaDefaultMemorySize",
    resources: FRAMEWORK_FUNCTIONS,
    reason: "Framework helper functions (custom resources) run for a second at deploy time.",
  },
  {
    rule: "AwsSolutions-COG1",
    resources: /-Auth\/UserPool\/Resource$/,
    reason: "The product's password rule (docs/product.md) is the length alone, checked by the API before Cognito sees a password.",
  },
  {
    rule: "AwsSolutions-COG3",
    resources: /-Auth\/UserPool\/Resource$/,
    reason:
      "Threat protection runs in audit mode: our own per-address and per-account lockouts decide; audit shows what enforcing would block.",
  },
];
