import { UPLOAD_PREFIX } from "@storyboard/core/blob/keys";
import {
  NOT_FOUND_ROUTE,
  type AuthLevel,
  MAX_ROUTE_TIMEOUT,
  type Route,
  ROUTE_GROUPS,
  type RouteGroup,
  routeKey,
  routes,
} from "@storyboard/functions/routes";
import { IP_LIMITS } from "@storyboard/functions/shared/ip-limit-rules";
import { Duration } from "aws-cdk-lib";
import type { CfnStage } from "aws-cdk-lib/aws-apigatewayv2";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as iam from "aws-cdk-lib/aws-iam";
import * as logs from "aws-cdk-lib/aws-logs";
import { Api as SstApi, type ApiRouteProps, type Config, type FunctionProps, type StackContext, use } from "sst/constructs";
import {
  cognitoAdminStatement,
  grantObjects,
  grantTableReadAndUpdate,
  providerEnvironment,
  sesSendStatement,
  storageEnvironment,
  type StorageResources,
} from "./access";
import { Alerts, alarm } from "./alarms";
import { Auth } from "./auth";
import { Render } from "./render";
import { Secrets } from "./secrets";
import { settings } from "./settings";
import { Storage } from "./storage";

/** Requests per second (steady, and in a burst) for the whole API and for each per-IP-limited route, across all callers. */
export const API_THROTTLE = { rate: 500, burst: 1000 };
export const ANONYMOUS_ROUTE_THROTTLE = { rate: 20, burst: 40 };

/** Alarm thresholds: the API's share of 5xx answers, and a route group's function errors in 5 minutes. */
export const API_5XX_RATE = 0.01;
export const GROUP_ERRORS_PER_5_MINUTES = 5;
const METRICS_PER_ALARM = 10;
/** Stripe retries a failed delivery for days; an error here means payments are not being recorded. */
export const STRIPE_WEBHOOK_ROUTE = "POST /api/stripe/webhook";

/** A quick JSON call; rows that do media work say more. */
export const DEFAULT_ROUTE_TIMEOUT = 15;
export const DEFAULT_ROUTE_MEMORY = 1024;

/** Where the screenplay originals and their parse results live in the uploads bucket. */
export const UPLOADS_PREFIXES = [UPLOAD_PREFIX, "parsed/"] as const;

/** What each route group's role may do (docs/decisions.md#production-on-aws); the table says it in one place. */
export interface GroupAccess {
  /** "update": reads, puts and updates of items, never a delete. */
  table: "update" | "read-write";
  uploads?: "read" | "read-write";
  media?: "read" | "read-write";
  mail: boolean;
  cognitoAdmin: boolean;
  stripeSecrets: boolean;
  providerSecrets: boolean;
  startRenders: boolean;
}

export const GROUP_ACCESS: Record<RouteGroup, GroupAccess> = {
  // Signed GETs of media, the showcase, the session check, an unsubscribe.
  public: {
    table: "update",
    media: "read",
    mail: false,
    cognitoAdmin: false,
    stripeSecrets: false,
    providerSecrets: false,
    startRenders: false,
  },
  account: { table: "read-write", mail: true, cognitoAdmin: true, stripeSecrets: false, providerSecrets: false, startRenders: false },
  // Buying a render creates it (core's createRender): the screenplay's blocks, the voices, the describe phase,
  // and the writer's uploaded music track, read from the media bucket.
  billing: {
    table: "read-write",
    uploads: "read",
    media: "read",
    mail: true,
    cognitoAdmin: false,
    stripeSecrets: true,
    providerSecrets: true,
    startRenders: true,
  },
  render: {
    table: "read-write",
    uploads: "read-write",
    media: "read-write",
    mail: true,
    cognitoAdmin: false,
    stripeSecrets: false,
    providerSecrets: true,
    startRenders: true,
  },
  admin: {
    table: "read-write",
    uploads: "read",
    media: "read-write",
    mail: true,
    cognitoAdmin: false,
    stripeSecrets: false,
    providerSecrets: true,
    startRenders: true,
  },
};

/** The Lambda behind a route: the row's module, sizing and auth level. */
export function routeFunction(route: Pick<Route, "handler" | "auth" | "timeout" | "memory">, key: string): FunctionProps {
  const timeout = route.timeout ?? DEFAULT_ROUTE_TIMEOUT;
  if (timeout > MAX_ROUTE_TIMEOUT) throw new Error(`${key}: ${timeout} s is past API Gateway's limit (at most ${MAX_ROUTE_TIMEOUT} s).`);
  return {
    handler: `packages/functions/src/${route.handler}.handler`,
    timeout,
    memorySize: route.memory ?? DEFAULT_ROUTE_MEMORY,
    // The handler wrapper enforces auth from the session cookie; the tag says
    // which level this function serves (and the tests hold it to the table).
    environment: { ROUTE_AUTH: route.auth satisfies AuthLevel, ROUTE_KEY: key },
  };
}

/**
 * The HTTP API: one route and one Lambda per row of the route table, plus
 * `$default` for paths no row matches. There is no API Gateway authorizer:
 * sessions are our own cookie (docs/architecture.md#sessions), checked by the handler
 * wrapper against the row's auth level.
 */
export function Api({ stack, app }: StackContext) {
  const storage = use(Storage);
  const auth = use(Auth);
  const render = use(Render);
  const { topic } = use(Alerts);
  const { providerSecrets, billingSecrets, parameters, secrets } = use(Secrets);
  const { siteUrl, mailFrom, supportEmail, apiDomain, stripePublishableKey, logRetentionDays } = settings(app);

  // One role per route group (a role per function would put a 60-route API past
  // CloudFormation's 500 resources): each with only what its routes touch.
  const groups = Object.fromEntries(
    ROUTE_GROUPS.map((group) => {
      const access = GROUP_ACCESS[group];
      const role = groupRole(stack, group, access, storage);
      if (access.mail) role.addToPrincipalPolicy(sesSendStatement(stack));
      if (access.cognitoAdmin) role.addToPrincipalPolicy(cognitoAdminStatement(auth.userPool.userPoolArn));
      if (access.startRenders) for (const machine of Object.values(render.machines)) machine.grantStartExecution(role);
      if (access.startRenders) render.imageWork.grantInvoke(role);
      const groupSecrets: Config.Secret[] = [
        ...(access.stripeSecrets ? billingSecrets : []),
        ...(access.providerSecrets ? providerSecrets : []),
      ];
      // One log group per route group too: a retention resource per function (the app's default) put
      // the API past CloudFormation's 500 resources; each line carries its function's name (Powertools).
      const logGroup = new logs.LogGroup(stack, `${capitalize(group)}RouteLogs`, { retention: logRetentionDays as logs.RetentionDays });
      return [group, { role, logGroup, bind: [...groupSecrets, secrets.ORIGIN_VERIFY_SECRET, parameters.APP_URL, parameters.MAIL_FROM] }];
    }),
  ) as Record<RouteGroup, { role: iam.Role; logGroup: logs.LogGroup; bind: (Config.Secret | Config.Parameter)[] }>;

  const routeProps: Record<string, ApiRouteProps<never>> = {};
  const add = (key: string, route: Pick<Route, "handler" | "auth" | "timeout" | "memory" | "group">) => {
    if (routeProps[key]) throw new Error(`The route table has "${key}" twice.`);
    // logRetention off: CDK takes a log group or a retention, not both.
    routeProps[key] = { function: { ...routeFunction(route, key), ...groups[route.group], logRetention: undefined } };
  };
  for (const route of routes) add(routeKey(route), route);
  add(NOT_FOUND_ROUTE.routeKey, NOT_FOUND_ROUTE);

  const api = new SstApi(stack, "Api", {
    // Same-origin behind the site's CloudFront (`/api/*`): no CORS to open.
    cors: false,
    customDomain: apiDomain,
    // With its own domain (which CloudFront then uses), the execute-api address answers nothing; without
    // one it is CloudFront's origin, and the x-origin-verify header keeps others out.
    cdk: { httpApi: { disableExecuteApiEndpoint: Boolean(apiDomain) } },
    defaults: {
      function: {
        environment: {
          STAGE: app.stage,
          APP_URL: siteUrl,
          MAIL_FROM: mailFrom,
          SUPPORT_EMAIL: supportEmail,
          ...storageEnvironment(storage),
          USER_POOL_ID: auth.userPool.userPoolId,
          USER_POOL_CLIENT_ID: auth.webClient.userPoolClientId,
          COGNITO_DOMAIN: auth.cognitoDomain,
          GOOGLE_SIGN_IN_ENABLED: "true",
          ...render.environment,
          ...providerEnvironment(),
          // Public by design; never STRIPE_API_URL on AWS, so the SDK and Stripe.js talk to Stripe itself.
          ...(stripePublishableKey ? { STRIPE_PUBLISHABLE_KEY: stripePublishableKey } : {}),
          ...(process.env.TUTORIAL_VIDEO_URL ? { TUTORIAL_VIDEO_URL: process.env.TUTORIAL_VIDEO_URL } : {}),
        },
      },
    },
    routes: routeProps,
  });

  // API Gateway throttling (docs/decisions.md#hardening): a ceiling for the whole API, and a lower one for
  // each route an anonymous caller can hammer; the per-IP limits are the handler wrapper's (ip-limits.ts).
  const stage = api.cdk.httpApi.defaultStage?.node.defaultChild as CfnStage;
  stage.defaultRouteSettings = { throttlingRateLimit: API_THROTTLE.rate, throttlingBurstLimit: API_THROTTLE.burst };
  // RouteSettings is plain JSON to CloudFormation: its keys are written as CloudFormation spells them.
  stage.routeSettings = Object.fromEntries(
    Object.keys(IP_LIMITS).map((key) => [
      key,
      { ThrottlingRateLimit: ANONYMOUS_ROUTE_THROTTLE.rate, ThrottlingBurstLimit: ANONYMOUS_ROUTE_THROTTLE.burst },
    ]),
  );

  // What reaches a person (docs/architecture.md#operating-it): server errors, and each group's failures.
  const apiMetric = (metricName: string) =>
    new cloudwatch.Metric({
      namespace: "AWS/ApiGateway",
      metricName,
      dimensionsMap: { ApiId: api.httpApiId, Stage: "$default" },
      period: Duration.minutes(5),
      statistic: "Sum",
    });
  alarm(stack, app, topic, "Api5xxRate", {
    title: "API 5xx rate over 1%",
    metric: new cloudwatch.MathExpression({
      expression: "IF(requests >= 20, errors / requests, 0)",
      usingMetrics: { errors: apiMetric("5xx"), requests: apiMetric("Count") },
      period: Duration.minutes(5),
      label: "5xx share of requests",
    }),
    threshold: API_5XX_RATE,
    evaluationPeriods: 2,
  });
  const functionsOf = (group: RouteGroup) =>
    [
      ...routes.filter((route) => route.group === group).map(routeKey),
      ...(group === NOT_FOUND_ROUTE.group ? [NOT_FOUND_ROUTE.routeKey] : []),
    ].map((key) => api.getFunction(key)!);
  for (const group of ROUTE_GROUPS) {
    const fns = functionsOf(group);
    // CloudWatch sums at most 10 metrics in an alarm: a large group has one alarm per ten functions.
    for (let start = 0; start < fns.length; start += METRICS_PER_ALARM) {
      const slice = fns.slice(start, start + METRICS_PER_ALARM);
      const part = start ? `${start / METRICS_PER_ALARM + 1}` : "";
      for (const kind of ["Errors", "Throttles"] as const) {
        const metrics = Object.fromEntries(
          slice.map((fn, i) => [
            `m${i}`,
            kind === "Errors" ? fn.metricErrors({ period: Duration.minutes(5) }) : fn.metricThrottles({ period: Duration.minutes(5) }),
          ]),
        );
        alarm(stack, app, topic, `${capitalize(group)}Routes${kind}${part}`, {
          title: `${group} routes: Lambda ${kind.toLowerCase()}${part ? ` (part ${part})` : ""}`,
          metric: new cloudwatch.MathExpression({
            expression: Object.keys(metrics).join(" + "),
            usingMetrics: metrics,
            period: Duration.minutes(5),
          }),
          threshold: kind === "Errors" ? GROUP_ERRORS_PER_5_MINUTES : 0,
        });
      }
    }
  }
  const webhook = api.getFunction(STRIPE_WEBHOOK_ROUTE)!;
  alarm(stack, app, topic, "StripeWebhookErrors", {
    title: "Stripe webhook failing",
    metric: webhook.metricErrors({ period: Duration.minutes(5), statistic: "Sum" }),
    threshold: 0,
  });

  stack.addOutputs({ ApiUrl: api.customDomainUrl ?? api.url });
  return { api };
}

/** A route group's role: logs, and the table and bucket access its row of GROUP_ACCESS names. */
function groupRole(stack: StackContext["stack"], group: RouteGroup, access: GroupAccess, storage: StorageResources) {
  const role = new iam.Role(stack, `${capitalize(group)}RouteRole`, {
    description: `The ${group} routes of the API`,
    assumedBy: new iam.ServicePrincipal("lambda.amazonaws.com"),
    managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSLambdaBasicExecutionRole")],
  });
  if (access.table === "update") grantTableReadAndUpdate(role, storage);
  else storage.table.cdk.table.grantReadWriteData(role);
  if (access.uploads) grantObjects(role, storage.uploads, access.uploads, UPLOADS_PREFIXES);
  if (access.media) grantObjects(role, storage.media, access.media);
  return role;
}

const capitalize = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;
