import { NOT_FOUND_ROUTE, type AuthLevel, type Route, routeKey, routes } from "@storyboard/functions/routes";
import { IP_LIMITS } from "@storyboard/functions/shared/ip-limit-rules";
import type { CfnStage } from "aws-cdk-lib/aws-apigatewayv2";
import * as iam from "aws-cdk-lib/aws-iam";
import { Api as SstApi, type ApiRouteProps, type FunctionProps, type StackContext, use } from "sst/constructs";
import { cognitoAdminStatement, grantStorage, providerEnvironment, sesSendStatement, storageEnvironment } from "./access";
import { Auth } from "./auth";
import { Render } from "./render";
import { Secrets } from "./secrets";
import { settings } from "./settings";
import { Storage } from "./storage";

/** Requests per second (steady, and in a burst) for the whole API and for each per-IP-limited route, across all callers. */
export const API_THROTTLE = { rate: 500, burst: 1000 };
export const ANONYMOUS_ROUTE_THROTTLE = { rate: 20, burst: 40 };

/** A quick JSON call; rows that do media work say more. */
export const DEFAULT_ROUTE_TIMEOUT = 15;
export const DEFAULT_ROUTE_MEMORY = 1024;

/** The Lambda behind a route: the row's module, sizing and auth level. */
export function routeFunction(route: Pick<Route, "handler" | "auth" | "timeout" | "memory">, key: string): FunctionProps {
  return {
    handler: `packages/functions/src/${route.handler}.handler`,
    timeout: route.timeout ?? DEFAULT_ROUTE_TIMEOUT,
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
  const { providerSecrets, billingSecrets, parameters } = use(Secrets);
  const { siteUrl, mailFrom, apiDomain, stripePublishableKey } = settings(app);

  // One role for every route function: they need the same rights, and a role
  // per function would put a 60-route API past CloudFormation's 500 resources.
  const role = new iam.Role(stack, "RouteRole", {
    assumedBy: new iam.ServicePrincipal("lambda.amazonaws.com"),
    managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSLambdaBasicExecutionRole")],
  });
  grantStorage(role, storage);
  role.addToPrincipalPolicy(sesSendStatement(stack));
  role.addToPrincipalPolicy(cognitoAdminStatement(auth.userPool.userPoolArn));
  for (const machine of Object.values(render.machines)) machine.grantStartExecution(role);

  const routeProps: Record<string, ApiRouteProps<never>> = {};
  for (const route of routes) {
    const key = routeKey(route);
    if (routeProps[key]) throw new Error(`The route table has "${key}" twice.`);
    routeProps[key] = { function: routeFunction(route, key) };
  }
  routeProps[NOT_FOUND_ROUTE.routeKey] = { function: routeFunction(NOT_FOUND_ROUTE, NOT_FOUND_ROUTE.routeKey) };

  const api = new SstApi(stack, "Api", {
    // Same-origin behind the site's CloudFront (`/api/*`): no CORS to open.
    cors: false,
    customDomain: apiDomain,
    defaults: {
      function: {
        role,
        environment: {
          STAGE: app.stage,
          APP_URL: siteUrl,
          MAIL_FROM: mailFrom,
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
        bind: [...providerSecrets, ...billingSecrets, parameters.APP_URL, parameters.MAIL_FROM],
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

  stack.addOutputs({ ApiUrl: api.customDomainUrl ?? api.url });
  return { api };
}
