import { PASSWORD_MIN_LENGTH } from "@storyboard/core/auth/schema";
import { RemovalPolicy, SecretValue, Stack } from "aws-cdk-lib";
import * as cognito from "aws-cdk-lib/aws-cognito";
import { AwsCustomResource, AwsCustomResourcePolicy, Logging, PhysicalResourceId } from "aws-cdk-lib/custom-resources";
import type { Construct } from "constructs";
import { type Config, type StackContext, use } from "sst/constructs";
import { getParameterPath } from "sst/constructs/util/binding.js";
import { keepInProd } from "./removal";
import { Secrets } from "./secrets";
import { settings } from "./settings";

/**
 * Cognito holds identities (docs/architecture.md#sessions). Our API creates users with
 * AdminCreateUser after its own e-mail code check and verifies passwords with
 * AdminInitiateAuth (ADMIN_USER_PASSWORD_AUTH); Google sign-in runs through the
 * hosted UI with the authorization-code flow.
 */
export function Auth({ stack, app }: StackContext) {
  const { secrets } = use(Secrets);
  const { siteUrl, isProd } = settings(app);

  const userPool = new cognito.UserPool(stack, "UserPool", {
    userPoolName: `${app.stage}-${app.name}`,
    // The e-mail address is the username and the sign-in name.
    signInAliases: { email: true, username: false },
    signInCaseSensitive: false,
    standardAttributes: { email: { required: true, mutable: true }, fullname: { required: false, mutable: true } },
    // Sign-up goes through our API (its own code check, then AdminCreateUser).
    selfSignUpEnabled: false,
    // The API verifies e-mail addresses with its own codes and marks them verified.
    autoVerify: { email: false },
    // Our own codes reset passwords (Decision 3), not Cognito's mails.
    accountRecovery: cognito.AccountRecovery.NONE,
    // The product's rule, "at least 6 characters" and nothing else: a stricter pool would refuse passwords the
    // API accepted (docs/decisions.md#production-on-aws).
    passwordPolicy: {
      minLength: PASSWORD_MIN_LENGTH,
      requireLowercase: false,
      requireUppercase: false,
      requireDigits: false,
      requireSymbols: false,
    },
    // A user may add an authenticator app; nobody is made to.
    mfa: cognito.Mfa.OPTIONAL,
    mfaSecondFactor: { otp: true, sms: false },
    // Threat protection watches sign-ins (compromised credentials, risky addresses) and reports to
    // CloudWatch; audit mode acts on nothing, so our own lockouts stay the rule (docs/decisions.md#production-on-aws).
    featurePlan: cognito.FeaturePlan.PLUS,
    standardThreatProtectionMode: cognito.StandardThreatProtectionMode.AUDIT_ONLY,
    deletionProtection: isProd,
    removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  keepInProd(userPool);

  const google = new cognito.UserPoolIdentityProviderGoogle(stack, "Google", {
    userPool,
    clientId: readSecretAtDeploy(stack, "GoogleClientId", secrets.GOOGLE_CLIENT_ID),
    // A deploy-time token (GetAtt of the reader), never a literal in the template.
    clientSecretValue: SecretValue.unsafePlainText(readSecretAtDeploy(stack, "GoogleClientSecret", secrets.GOOGLE_CLIENT_SECRET)),
    scopes: ["openid", "email", "profile"],
    attributeMapping: {
      email: cognito.ProviderAttribute.GOOGLE_EMAIL,
      fullname: cognito.ProviderAttribute.GOOGLE_NAME,
      custom: { email_verified: cognito.ProviderAttribute.other("email_verified") },
    },
  });

  // Hosted UI: https://<stage>-storyboard.auth.us-east-1.amazoncognito.com
  const domainPrefix = `${app.stage}-${app.name}`.toLowerCase().replace(/[^a-z0-9-]/g, "-");
  const domain = userPool.addDomain("Domain", { cognitoDomain: { domainPrefix } });

  const authPage = `${siteUrl}/auth`;
  const webClient = userPool.addClient("WebClient", {
    userPoolClientName: "web",
    generateSecret: false,
    authFlows: { adminUserPassword: true, userSrp: false, userPassword: false, custom: false },
    oAuth: {
      flows: { authorizationCodeGrant: true, implicitCodeGrant: false },
      scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
      callbackUrls: [authPage],
      logoutUrls: [authPage, `${siteUrl}/`],
    },
    // The hosted UI offers Google only: its own password sign-in would skip our delays and limits
    // (docs/decisions.md#google-linking-with-notice). AdminInitiateAuth does not depend on this list.
    supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.GOOGLE],
    preventUserExistenceErrors: true,
  });
  // The client may only name Google once the provider exists.
  webClient.node.addDependency(google);

  const cognitoDomain = `${domainPrefix}.auth.${stack.region}.amazoncognito.com`;
  stack.addOutputs({
    UserPoolId: userPool.userPoolId,
    UserPoolClientId: webClient.userPoolClientId,
    CognitoDomain: cognitoDomain,
  });

  return { userPool, webClient, domain, google, cognitoDomain };
}

/**
 * SST keeps secrets as SSM SecureStrings, which CloudFormation cannot resolve
 * into a Cognito identity provider, so a custom resource reads the value during
 * the deploy (its logs hide the data). After changing a Google secret with
 * `sst secrets set`, bump GOOGLE_SECRETS_REVISION so the next deploy re-reads it.
 */
export function readSecretAtDeploy(scope: Construct, id: string, secret: Config.Secret): string {
  const stack = Stack.of(scope);
  const name = getParameterPath(secret, "value");
  const call = {
    service: "SSM",
    action: "getParameter",
    parameters: { Name: name, WithDecryption: true },
    physicalResourceId: PhysicalResourceId.of(`${name}#${process.env.GOOGLE_SECRETS_REVISION ?? "1"}`),
    logging: Logging.withDataHidden(),
  };
  const reader = new AwsCustomResource(scope, id, {
    onCreate: call,
    onUpdate: call,
    installLatestAwsSdk: false,
    policy: AwsCustomResourcePolicy.fromSdkCalls({
      resources: [`arn:${stack.partition}:ssm:${stack.region}:${stack.account}:parameter${name}`],
    }),
  });
  return reader.getResponseField("Parameter.Value");
}
