import { routeKey, routes } from "@storyboard/functions/routes";
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { Api } from "../api";
import { arnTarget, build, handlersByLogicalId, resources } from "./harness";

/** Payments on AWS (docs/product.md#payments): the webhook route, Stripe's secrets and the publishable key. */
describe("api stack: payments", () => {
  let template: Template;
  beforeAll(async () => {
    template = (await build("placeholders", "test", { STRIPE_PUBLISHABLE_KEY: "pk_test_stack" })).template(Api);
  });

  const functionOf = (key: string) => {
    const route = Object.values(resources(template, "AWS::ApiGatewayV2::Route")).find((r) => r.Properties.RouteKey === key);
    if (!route) throw new Error(`No route ${key}`);
    const integration = template.toJSON().Resources[route.Properties.Target["Fn::Join"][1][1].Ref];
    const id = arnTarget(integration.Properties.IntegrationUri);
    return { id, fn: resources(template, "AWS::Lambda::Function")[id] };
  };

  it("has the public Stripe webhook route, answered by the webhook handler with the Stripe secrets bound", () => {
    const row = routes.find((r) => routeKey(r) === "POST /api/stripe/webhook");
    expect(row).toMatchObject({ handler: "api/billing/stripe-webhook", auth: "public" });
    const { id, fn } = functionOf("POST /api/stripe/webhook");
    expect(handlersByLogicalId(template).get(id)).toBe("packages/functions/src/api/billing/stripe-webhook.handler");
    const vars = fn.Properties.Environment.Variables;
    expect(vars.ROUTE_AUTH).toBe("public");
    expect(vars.SST_Secret_value_STRIPE_SECRET_KEY).toBe("__FETCH_FROM_SSM__");
    expect(vars.SST_Secret_value_STRIPE_WEBHOOK_SECRET).toBe("__FETCH_FROM_SSM__");
  });

  it("has every payment route, signed-in only", () => {
    for (const key of [
      "POST /api/create-payment-intent-v2",
      "POST /api/create-payment-intent",
      "POST /api/purchase-render",
      "GET /api/payments",
      "GET /api/payment-methods",
    ]) {
      expect(functionOf(key).fn.Properties.Environment.Variables.ROUTE_AUTH, key).toBe("user");
    }
  });

  it("hands the publishable key to GET /api/env, and never a Stripe API URL (that is the offline stand-in's)", () => {
    const vars = functionOf("GET /api/env").fn.Properties.Environment.Variables;
    expect(vars.STRIPE_PUBLISHABLE_KEY).toBe("pk_test_stack");
    expect(vars.STRIPE_API_URL).toBeUndefined();
    expect(JSON.stringify(template.toJSON())).not.toContain("sk_test");
  });
});
