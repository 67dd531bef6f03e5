import { NOT_FOUND_ROUTE, routeKey, routes } from "@storyboard/functions/routes";
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { Api, DEFAULT_ROUTE_MEMORY, DEFAULT_ROUTE_TIMEOUT } from "../api";
import { COGNITO_ADMIN_ACTIONS } from "../access";
import { actionsOf, arnTarget, build, handlersByLogicalId, resources, SITE_URL, statementsOfRole } from "./harness";

/** Every row of the route table, plus `$default` for paths no row matches. */
const expected = [
  ...routes.map((r) => ({ key: routeKey(r), handler: r.handler, auth: r.auth, timeout: r.timeout, memory: r.memory })),
  { key: NOT_FOUND_ROUTE.routeKey, handler: NOT_FOUND_ROUTE.handler, auth: NOT_FOUND_ROUTE.auth, timeout: undefined, memory: undefined },
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
      // Bound SST secrets: fetched from SSM by sst/node at cold start.
      for (const secret of ["OPENAI_API_KEY", "ELEVENLABS_API_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]) {
        expect(vars[`SST_Secret_value_${secret}`]).toBe("__FETCH_FROM_SSM__");
      }
    }
  });

  it("lets the route functions use the table, the buckets, SES, Cognito admin calls and start the renders", () => {
    const roles = new Set(expected.map((row) => JSON.stringify(functionOf(row.key).fn.Properties.Role)));
    expect(roles.size).toBe(1);
    const roleId = JSON.parse([...roles][0]!)["Fn::GetAtt"][0];
    const statements = statementsOfRole(template, roleId);
    const allows = (action: string, resourceText: string) =>
      statements.some((s) => actionsOf(s).includes(action) && JSON.stringify(s.Resource).includes(resourceText));

    expect(allows("dynamodb:PutItem", "ExportsOutputFnGetAttTable")).toBe(true);
    expect(allows("dynamodb:Query", "ExportsOutputFnGetAttTable")).toBe(true);
    expect(allows("s3:PutObject", "ExportsOutputFnGetAttUploadsBucket")).toBe(true);
    expect(allows("s3:GetObject*", "ExportsOutputFnGetAttMediaBucket")).toBe(true);
    expect(allows("ses:SendEmail", ":identity/*")).toBe(true);
    for (const action of COGNITO_ADMIN_ACTIONS) expect(allows(action, "ExportsOutputFnGetAttUserPool")).toBe(true);
    for (const phase of ["Describe", "Generate", "Compile"]) {
      expect(allows("states:StartExecution", `ExportsOutputRef${phase}StateMachine`), phase).toBe(true);
    }
    expect(allows("ssm:GetParameters", "/Secret/OPENAI_API_KEY/value")).toBe(true);
    // No admin rights over the table or the buckets themselves.
    expect(statements.flatMap(actionsOf).filter((a) => a === "dynamodb:*" || a === "s3:*" || a === "*")).toEqual([]);
  });
});
