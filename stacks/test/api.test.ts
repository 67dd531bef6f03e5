import { NOT_FOUND_ROUTE, ROUTE_GROUPS, routeKey, routes } from "@storyboard/functions/routes";
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { Api, DEFAULT_ROUTE_MEMORY, DEFAULT_ROUTE_TIMEOUT, GROUP_ACCESS, routeFunction, UPLOADS_PREFIXES } from "../api";
import { COGNITO_ADMIN_ACTIONS } from "../access";
import { actionsOf, arnTarget, build, handlersByLogicalId, resources, SITE_URL, statementsOfRole } from "./harness";

/** Every row of the route table, plus `$default` for paths no row matches. */
const expected = [
  ...routes.map((r) => ({ key: routeKey(r), handler: r.handler, auth: r.auth, group: r.group, timeout: r.timeout, memory: r.memory })),
  {
    key: NOT_FOUND_ROUTE.routeKey,
    handler: NOT_FOUND_ROUTE.handler,
    auth: NOT_FOUND_ROUTE.auth,
    group: NOT_FOUND_ROUTE.group,
    timeout: undefined,
    memory: undefined,
  },
];

describe("api stack", () => {
  let template: Template;
  let routeResources: Record<string, any>;
  let functions: Record<string, any>;
  let handlers: Map<string, string>;
  beforeAll(async () => {
    template = (await build("placeholders")).template(Api);
    routeResources = resources(template, "AWS::ApiGatewayV2::Route");
    functions = resources(template, "AWS::Lambda::Function");
    handlers = handlersByLogicalId(template);
  });

  /** The Lambda behind a route key: route -> integration -> function. */
  function functionOf(key: string) {
    const route = Object.values(routeResources).find((r) => r.Properties.RouteKey === key);
    if (!route) throw new Error(`No route ${key}`);
    const integrationId = route.Properties.Target["Fn::Join"][1][1].Ref;
    const integration = template.toJSON().Resources[integrationId];
    expect(integration.Properties).toMatchObject({ IntegrationType: "AWS_PROXY", PayloadFormatVersion: "2.0" });
    const id = arnTarget(integration.Properties.IntegrationUri);
    return { id, route, fn: functions[id] };
  }

  it("is one HTTP API", () => {
    const apis = Object.values(resources(template, "AWS::ApiGatewayV2::Api"));
    expect(apis).toHaveLength(1);
    expect(apis[0].Properties).toMatchObject({ Name: "test-storyboard-Api", ProtocolType: "HTTP" });
    // Same-origin behind CloudFront: no CORS configuration.
    expect(apis[0].Properties.CorsConfiguration).toBeUndefined();
  });

  it("stays well inside CloudFormation's 500 resources, each route's logs kept in its group's log group", () => {
    const all = Object.values(template.toJSON().Resources) as { Type: string; Properties?: any }[];
    // About four resources per route (function, integration, permission, route): room left for more rows.
    expect(all.length).toBeLessThan(450);
    expect(all.filter((r) => r.Type === "Custom::LogRetention")).toEqual([]);
    const groups = resources(template, "AWS::Logs::LogGroup");
    for (const row of expected) {
      const logGroup = functionOf(row.key).fn.Properties.LoggingConfig?.LogGroup?.Ref;
      expect(groups[logGroup], row.key).toBeDefined();
      expect(groups[logGroup].Properties.RetentionInDays, row.key).toBeGreaterThan(0);
    }
  });

  it("has exactly one route per route-table row (plus $default), each with the row's key", () => {
    expect(routes.length).toBeGreaterThan(0);
    const keys = Object.values(routeResources).map((r) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(expected.map((e) => e.key).sort());
  });

  it("points each route at its own Lambda running the row's handler module", () => {
    const seen = new Set<string>();
    for (const row of expected) {
      const { id, fn } = functionOf(row.key);
      expect(fn, row.key).toBeDefined();
      expect(seen.has(id), `${row.key} shares a function`).toBe(false);
      seen.add(id);
      expect(handlers.get(id), row.key).toBe(`packages/functions/src/${row.handler}.handler`);
    }
  });

  it("tags each route's function with the row's auth level, timeout and memory", () => {
    for (const row of expected) {
      const { fn } = functionOf(row.key);
      const vars = fn.Properties.Environment.Variables;
      expect(vars.ROUTE_AUTH, row.key).toBe(row.auth);
      expect(vars.ROUTE_KEY, row.key).toBe(row.key);
      expect(fn.Properties.Timeout, row.key).toBe(row.timeout ?? DEFAULT_ROUTE_TIMEOUT);
      expect(fn.Properties.MemorySize, row.key).toBe(row.memory ?? DEFAULT_ROUTE_MEMORY);
    }
    const levels = new Set(expected.map((e) => e.auth));
    for (const level of levels) expect(["public", "user", "admin"]).toContain(level);
  });

  it("leaves auth to the handler wrapper: no API Gateway authorizer on any route", () => {
    expect(Object.keys(resources(template, "AWS::ApiGatewayV2::Authorizer"))).toEqual([]);
    for (const route of Object.values(routeResources)) expect(route.Properties.AuthorizationType).toBe("NONE");
  });

  it("gives every route function the environment core reads", () => {
    for (const row of expected) {
      const vars = functionOf(row.key).fn.Properties.Environment.Variables;
      expect(vars).toMatchObject({ STAGE: "test", APP_URL: SITE_URL, GOOGLE_SIGN_IN_ENABLED: "true" });
      expect(vars.MAIL_FROM).toContain("@");
      const imports = (name: string) => JSON.stringify(vars[name]);
      expect(imports("TABLE_NAME")).toContain("test-storyboard-Storage:ExportsOutputRefTable");
      expect(imports("UPLOADS_BUCKET")).toContain("ExportsOutputRefUploadsBucket");
      expect(imports("MEDIA_BUCKET")).toContain("ExportsOutputRefMediaBucket");
      expect(vars.MEDIA_URL_PREFIX).toBe(`${SITE_URL}/api/media/`);
      expect(imports("USER_POOL_ID")).toContain("test-storyboard-Auth:ExportsOutputRefUserPool");
      expect(imports("USER_POOL_CLIENT_ID")).toContain("UserPoolWebClient");
      expect(vars.COGNITO_DOMAIN).toBe("test-storyboard.auth.us-east-1.amazoncognito.com");
      for (const phase of ["DESCRIBE", "GENERATE", "COMPILE"]) {
        expect(imports(`${phase}_STATE_MACHINE_ARN`)).toContain(
          `test-storyboard-Render:ExportsOutputRef${phase[0]}${phase.slice(1).toLowerCase()}StateMachine`,
        );
      }
      // Bound SST secrets (fetched from SSM by sst/node at cold start), by the route's group.
      const bound = Object.keys(vars).filter((name) => name.startsWith("SST_Secret_value_"));
      for (const name of bound) expect(vars[name]).toBe("__FETCH_FROM_SSM__");
      const access = GROUP_ACCESS[row.group];
      const expectedSecrets = [
        "ORIGIN_VERIFY_SECRET",
        ...(access.stripeSecrets ? ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] : []),
        ...(access.providerSecrets ? ["OPENAI_API_KEY", "ELEVENLABS_API_KEY"] : []),
      ];
      expect(bound.map((name) => name.slice("SST_Secret_value_".length)).sort(), row.key).toEqual(expectedSecrets.sort());
    }
  });

  /** The role of a route's function and every statement attached to it. */
  const roleOf = (key: string) => {
    const roleId = arnTarget(functionOf(key).fn.Properties.Role);
    const statements = statementsOfRole(template, roleId);
    const allows = (action: string, resourceText: string) =>
      statements.some(
        (s) =>
          s.Effect === "Allow" &&
          actionsOf(s).some((a) => a === action || (a.endsWith("*") && action.startsWith(a.slice(0, -1)))) &&
          JSON.stringify(s.Resource).includes(resourceText),
      );
    return { roleId, statements, allows };
  };
  const secretNames = ["OPENAI_API_KEY", "ELEVENLABS_API_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "GOOGLE_CLIENT_SECRET"];

  it("gives each route group its own role, shared by the group's routes only", () => {
    const roleByGroup = new Map<string, string>();
    for (const row of expected) {
      const { roleId } = roleOf(row.key);
      const known = roleByGroup.get(row.group);
      if (known) expect(roleId, row.key).toBe(known);
      else roleByGroup.set(row.group, roleId);
    }
    expect([...roleByGroup.keys()].sort()).toEqual([...ROUTE_GROUPS].sort());
    expect(new Set(roleByGroup.values()).size).toBe(ROUTE_GROUPS.length);
  });

  it("keeps every public route away from secrets, Cognito admin calls, object deletes, item deletes and renders", () => {
    const publicRows = expected.filter((row) => row.group === "public");
    expect(publicRows.length).toBeGreaterThan(5);
    for (const row of publicRows) {
      const { statements, allows } = roleOf(row.key);
      const text = JSON.stringify(statements);
      for (const secret of secretNames) expect(text, `${row.key} reads ${secret}`).not.toContain(`/Secret/${secret}/`);
      const vars = functionOf(row.key).fn.Properties.Environment.Variables;
      // The one secret every route has: the header value that proves a request came through CloudFront.
      const bound = Object.keys(vars).filter((name) => name.startsWith("SST_Secret_"));
      expect(bound, row.key).toEqual(["SST_Secret_value_ORIGIN_VERIFY_SECRET"]);
      const actions = statements.filter((s) => s.Effect === "Allow").flatMap(actionsOf);
      for (const forbidden of [
        "s3:DeleteObject",
        "s3:DeleteObjectVersion",
        "s3:PutObject",
        "dynamodb:DeleteItem",
        "dynamodb:BatchWriteItem",
        "states:StartExecution",
        "ses:SendEmail",
      ]) {
        const matching = actions.filter((a) => a === forbidden || a === "*" || (a.endsWith("*") && forbidden.startsWith(a.slice(0, -1))));
        expect(matching, `${row.key} may ${forbidden}`).toEqual([]);
      }
      expect(
        actions.filter((a) => a.startsWith("cognito-idp:")),
        row.key,
      ).toEqual([]);
      expect(allows("s3:GetObject", "ExportsOutputFnGetAttMediaBucket"), row.key).toBe(true);
      expect(allows("dynamodb:Query", "ExportsOutputFnGetAttTable"), row.key).toBe(true);
    }
  });

  it("lets only the billing routes read Stripe's secrets", () => {
    for (const row of expected) {
      const text = JSON.stringify(roleOf(row.key).statements);
      const reads = text.includes("/Secret/STRIPE_SECRET_KEY/") || text.includes("/Secret/STRIPE_WEBHOOK_SECRET/");
      expect(reads, row.key).toBe(row.group === "billing");
    }
  });

  it("lets the billing routes read the media bucket (a render bought by card with the writer's own track), not write it", () => {
    const { allows } = roleOf("POST /api/purchase-render");
    expect(allows("s3:GetObject", "ExportsOutputFnGetAttMediaBucket")).toBe(true);
    expect(allows("s3:ListBucket", "ExportsOutputFnGetAttMediaBucket")).toBe(true);
    expect(allows("s3:PutObject", "ExportsOutputFnGetAttMediaBucket")).toBe(false);
  });

  it("gives the account routes Cognito's admin calls and mail, and no bucket", () => {
    const account = expected.find((row) => row.group === "account")!;
    const { statements, allows } = roleOf(account.key);
    for (const action of COGNITO_ADMIN_ACTIONS) expect(allows(action, "ExportsOutputFnGetAttUserPool"), action).toBe(true);
    expect(allows("ses:SendEmail", ":identity/*")).toBe(true);
    expect(allows("dynamodb:DeleteItem", "ExportsOutputFnGetAttTable")).toBe(true);
    expect(statements.flatMap(actionsOf).filter((a) => a.startsWith("s3:"))).toEqual([]);
  });

  it("lets the render routes use both buckets under their prefixes, the AI keys and start the renders", () => {
    const { allows } = roleOf("POST /api/renders");
    expect(allows("s3:PutObject", "ExportsOutputFnGetAttUploadsBucket")).toBe(true);
    for (const prefix of UPLOADS_PREFIXES) expect(allows("s3:DeleteObject", `/${prefix}*`), prefix).toBe(true);
    expect(allows("s3:DeleteObject", "ExportsOutputFnGetAttMediaBucket")).toBe(true);
    for (const phase of ["Describe", "Generate", "Compile"]) {
      expect(allows("states:StartExecution", `ExportsOutputRef${phase}StateMachine`), phase).toBe(true);
    }
    expect(allows("ssm:GetParameters", "/Secret/OPENAI_API_KEY/value")).toBe(true);
    expect(allows("cognito-idp:AdminDeleteUser", "UserPool")).toBe(false);
  });

  it("never grants admin rights over the table or the buckets themselves", () => {
    for (const row of expected) {
      const actions = roleOf(row.key).statements.flatMap(actionsOf);
      expect(
        actions.filter((a) => a === "dynamodb:*" || a === "s3:*" || a === "*"),
        row.key,
      ).toEqual([]);
    }
  });

  it("answers in time: every route's timeout is under API Gateway's 29 s", () => {
    for (const row of expected) expect(functionOf(row.key).fn.Properties.Timeout, row.key).toBeLessThan(29);
    expect(() => routeFunction({ handler: "x", auth: "user", timeout: 29 }, "GET /x")).toThrow(/API Gateway/);
  });
});
