import { MESSAGES, PASSWORD_MIN_LENGTH } from "@storyboard/core/auth/schema";
import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../auth";
import { Secrets } from "../secrets";
import { build, flatten, resources, SITE_URL } from "./harness";

const SECRET_NAMES = [
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "OPENAI_API_KEY",
  "ELEVENLABS_API_KEY",
  "ORIGIN_VERIFY_SECRET",
];

let built: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  built = await build("placeholders");
});

describe("secrets stack", () => {
  let template: Template;
  beforeAll(() => {
    template = built.template(Secrets);
  });

  it("declares the SST secrets and no secret value in the template", () => {
    const metadata = JSON.parse(flatten(template.toJSON().Outputs.SSTMetadata.Value)).metadata;
    const secrets = metadata.filter((m: any) => m.type === "Secret").map((m: any) => m.data.name);
    expect(secrets.sort()).toEqual([...SECRET_NAMES].sort());
    const parameterNames = Object.values(resources(template, "AWS::SSM::Parameter")).map((p) => p.Properties.Name);
    for (const name of SECRET_NAMES) expect(parameterNames.join()).not.toContain(name);
  });

  it("stores the site URL and the mail sender as SST parameters", () => {
    const parameters = Object.values(resources(template, "AWS::SSM::Parameter")).map((p) => p.Properties);
    expect(parameters).toContainEqual(expect.objectContaining({ Name: "/sst/storyboard/test/Parameter/APP_URL/value", Value: SITE_URL }));
    expect(parameters).toContainEqual(
      expect.objectContaining({ Name: "/sst/storyboard/test/Parameter/MAIL_FROM/value", Value: expect.stringContaining("@") }),
    );
  });
});

describe("auth stack", () => {
  let template: Template;
  beforeAll(() => {
    template = built.template(Auth);
  });

  it("has one user pool: e-mail is the username, admin-created users only, passwords of 6+ characters", () => {
    const pools = Object.values(resources(template, "AWS::Cognito::UserPool"));
    expect(pools).toHaveLength(1);
    const pool = pools[0].Properties;
    expect(pool.UserPoolName).toBe("test-storyboard");
    expect(pool.UsernameAttributes).toEqual(["email"]);
    expect(pool.UsernameConfiguration).toEqual({ CaseSensitive: false });
    expect(pool.AdminCreateUserConfig).toEqual({ AllowAdminCreateUserOnly: true });
    // The product's own rule, no stricter: the API checks it before Cognito sees a password.
    expect(MESSAGES.password).toBe(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    expect(pool.Policies.PasswordPolicy).toEqual({
      MinimumLength: PASSWORD_MIN_LENGTH,
      RequireLowercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
      RequireUppercase: false,
    });
    // Our API sends its own codes: Cognito must not mail verification codes.
    expect(pool.AutoVerifiedAttributes ?? []).toEqual([]);
  });

  it("offers optional TOTP (no SMS) and watches sign-ins with threat protection in audit mode", () => {
    const [pool] = Object.values(resources(template, "AWS::Cognito::UserPool"));
    expect(pool.Properties).toMatchObject({ MfaConfiguration: "OPTIONAL", EnabledMfas: ["SOFTWARE_TOKEN_MFA"] });
    // Threat protection needs the Plus feature plan; audit mode reports and blocks nothing (our own lockouts decide).
    expect(pool.Properties.UserPoolTier).toBe("PLUS");
    expect(pool.Properties.UserPoolAddOns).toEqual({ AdvancedSecurityMode: "AUDIT" });
  });

  it("federates Google with the client id and secret read from the SST secrets at deploy time", () => {
    const providers = Object.values(resources(template, "AWS::Cognito::UserPoolIdentityProvider"));
    expect(providers).toHaveLength(1);
    const google = providers[0].Properties;
    expect(google).toMatchObject({ ProviderName: "Google", ProviderType: "Google" });
    expect(google.ProviderDetails.authorize_scopes).toBe("openid email profile");
    expect(google.AttributeMapping).toMatchObject({ email: "email", email_verified: "email_verified" });

    const readers = resources(template, "Custom::AWS");
    const readParameter = (attribute: any) => {
      const [id, field] = attribute["Fn::GetAtt"];
      expect(field).toBe("Parameter.Value");
      const call = JSON.parse(readers[id].Properties.Create);
      expect(call).toMatchObject({ service: "SSM", action: "getParameter", logApiResponseData: false });
      expect(call.parameters.WithDecryption).toBe(true);
      return call.parameters.Name;
    };
    expect(readParameter(google.ProviderDetails.client_id)).toBe("/sst/storyboard/test/Secret/GOOGLE_CLIENT_ID/value");
    expect(readParameter(google.ProviderDetails.client_secret)).toBe("/sst/storyboard/test/Secret/GOOGLE_CLIENT_SECRET/value");
  });

  it("has a hosted-UI domain named after the stage and the app", () => {
    const domains = Object.values(resources(template, "AWS::Cognito::UserPoolDomain"));
    expect(domains).toHaveLength(1);
    expect(domains[0].Properties.Domain).toBe("test-storyboard");
    expect(template.toJSON().Outputs.CognitoDomain.Value).toBe("test-storyboard.auth.us-east-1.amazoncognito.com");
  });

  it("has a web client: admin password auth for the API, code flow for Google, URLs of the site", () => {
    const clients = Object.values(resources(template, "AWS::Cognito::UserPoolClient"));
    expect(clients).toHaveLength(1);
    const client = clients[0];
    expect(client.Properties.GenerateSecret).toBe(false);
    expect(client.Properties.ExplicitAuthFlows).toContain("ALLOW_ADMIN_USER_PASSWORD_AUTH");
    expect(client.Properties.ExplicitAuthFlows).not.toContain("ALLOW_USER_PASSWORD_AUTH");
    expect(client.Properties.AllowedOAuthFlows).toEqual(["code"]);
    expect(client.Properties.AllowedOAuthScopes).toEqual(["openid", "email", "profile"]);
    expect(client.Properties.SupportedIdentityProviders).toEqual(["Google"]);
    expect(client.Properties.CallbackURLs).toEqual([`${SITE_URL}/auth`]);
    expect(client.Properties.LogoutURLs).toContain(`${SITE_URL}/auth`);
    // Created after the Google provider it names.
    const googleId = Object.keys(resources(template, "AWS::Cognito::UserPoolIdentityProvider"))[0];
    expect(client.DependsOn).toContain(googleId);
  });
});
