import { routeKey, routes } from "@storyboard/functions/routes";
import { IP_LIMITS } from "@storyboard/functions/shared/ip-limit-rules";
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS_ROUTE_THROTTLE, API_THROTTLE, Api } from "../api";
import { build, resources } from "./harness";

describe("api stack: throttling (docs/decisions.md#hardening)", () => {
  let template: Template;
  beforeAll(async () => {
    template = (await build("placeholders")).template(Api);
  });

  it("caps the whole API, and each per-IP-limited route lower, on the default stage", () => {
    const stages = Object.values(resources(template, "AWS::ApiGatewayV2::Stage"));
    expect(stages).toHaveLength(1);
    const { DefaultRouteSettings, RouteSettings } = stages[0].Properties;
    expect(DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: API_THROTTLE.rate, ThrottlingBurstLimit: API_THROTTLE.burst });
    expect(Object.keys(RouteSettings).sort()).toEqual(Object.keys(IP_LIMITS).sort());
    for (const settings of Object.values(RouteSettings)) {
      expect(settings).toMatchObject({
        ThrottlingRateLimit: ANONYMOUS_ROUTE_THROTTLE.rate,
        ThrottlingBurstLimit: ANONYMOUS_ROUTE_THROTTLE.burst,
      });
    }
  });

  it("limits only routes that exist in the route table", () => {
    const keys = new Set(routes.map(routeKey));
    for (const key of Object.keys(IP_LIMITS)) expect(keys.has(key), key).toBe(true);
  });
});
