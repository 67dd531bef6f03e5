import { createPrivateKey, generateKeyPairSync, randomUUID, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { call, latestCode, mailsTo, PASSWORD, registerUser, uniqueEmail } from "./test-support";

const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: process.env.COGNITO_ENDPOINT,
    region: "us-east-1",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });

/** A real ID token: a user made in cognito-local, signed in with AdminInitiateAuth (cognito-local signs it). */
async function idTokenFor(email: string, options: { clientId?: string; emailVerified?: boolean; name?: string } = {}) {
  const client = cognito();
  const UserPoolId = process.env.USER_POOL_ID!;
  const attributes = [
    { Name: "email", Value: email },
    { Name: "email_verified", Value: String(options.emailVerified ?? true) },
    ...(options.name ? [{ Name: "name", Value: options.name }] : []),
  ];
  const created = await client.send(
    new AdminCreateUserCommand({ UserPoolId, Username: email, MessageAction: "SUPPRESS", UserAttributes: attributes }),
  );
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: "google-side-pass", Permanent: true }));
  const auth = await client.send(
    new AdminInitiateAuthCommand({
      UserPoolId,
      ClientId: options.clientId ?? process.env.USER_POOL_CLIENT_ID!,
      AuthFlow: "ADMIN_USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: email, PASSWORD: "google-side-pass" },
    }),
  );
  client.destroy();
  return { idToken: auth.AuthenticationResult!.IdToken!, sub: created.User!.Attributes!.find((a) => a.Name === "sub")!.Value! };
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

/** Signs claims as an RS256 JWT with the given key and key id. */
function signJwt(claims: Record<string, unknown>, key: Parameters<typeof sign>[2], kid: string) {
  const head = `${b64({ alg: "RS256", typ: "JWT", kid })}.${b64(claims)}`;
  return `${head}.${sign("RSA-SHA256", Buffer.from(head), key).toString("base64url")}`;
}

function claimsFor(email: string, overrides: Record<string, unknown> = {}) {
  const at = Math.floor(Date.now() / 1000);
  return {
    sub: randomUUID(),
    email,
    email_verified: true,
    token_use: "id",
    aud: process.env.USER_POOL_CLIENT_ID,
    iss: `${process.env.COGNITO_ISSUER_DOMAIN}/${process.env.USER_POOL_ID}`,
    iat: at,
    auth_time: at,
    exp: at + 3600,
    // Cognito's claim for a federated sign-in: only Google identities are exchanged.
    identities: [{ providerName: "Google", providerType: "Google", userId: randomUUID(), primary: "true" }],
    ...overrides,
  };
}

/** cognito-local's own signing key: a token signed with it passes the signature check. */
function cognitoLocalKey() {
  const require = createRequire(import.meta.url);
  const file = require.resolve("cognito-local/lib/keys/cognitoLocal.private.json");
  const { jwk } = JSON.parse(readFileSync(file, "utf8"));
  return createPrivateKey({ key: jwk, format: "jwk" });
}

const exchange = (json: unknown) => call("POST", "/api/auth/token-exchange", { json });

describe("POST /api/auth/token-exchange", () => {
  it("creates an account for a new identity, with 500 points and a session", async () => {
    const email = uniqueEmail("google");
    const idToken = signJwt(claimsFor(email), cognitoLocalKey(), "CognitoLocal");
    const res = await exchange({ idToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, points: 500, timezone: "UTC", roles: [] });
    expect((await call("GET", "/api/user", { cookie: res.cookie })).body.id).toBe(res.body.id);
    // The same identity again finds the same account.
    const again = await exchange({ idToken });
    expect(again.body.id).toBe(res.body.id);
  });

  it("refuses any identity of the pool but Google's: a password identity's token signs nobody in", async () => {
    const existing = await registerUser();
    const client = cognito();
    const auth = await client.send(
      new AdminInitiateAuthCommand({
        UserPoolId: process.env.USER_POOL_ID!,
        ClientId: process.env.USER_POOL_CLIENT_ID!,
        AuthFlow: "ADMIN_USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: existing.email, PASSWORD: existing.password },
      }),
    );
    client.destroy();
    const res = await exchange({ idToken: auth.AuthenticationResult!.IdToken! });
    expect([res.status, res.body.message]).toEqual([403, "Only Google sign-in is accepted here."]);
    const { idToken } = await idTokenFor(uniqueEmail("pool"));
    expect((await exchange({ idToken })).status).toBe(403);
  });

  it("links a new identity with the e-mail of an existing account to that account", async () => {
    const existing = await registerUser();
    const claims = claimsFor(existing.email.toUpperCase());
    const linked = await exchange({ idToken: signJwt(claims, cognitoLocalKey(), "CognitoLocal") });
    expect(linked.status).toBe(200);
    expect(linked.body.id).toBe(existing.user.id);
    expect(linked.body.points).toBe(500); // no second welcome bonus
    // The owner is told, once: the same identity again sends nothing more.
    const notices = async () => (await mailsTo(existing.email)).filter((m) => /Google sign-in was linked/.test(m.subject));
    expect(await notices()).toHaveLength(1);
    expect((await exchange({ idToken: signJwt(claims, cognitoLocalKey(), "CognitoLocal") })).status).toBe(200);
    expect(await notices()).toHaveLength(1);
    // The link holds even after the e-mail changes: the identity id finds the account.
    const moved = uniqueEmail("moved");
    await call("POST", "/api/user/email-change/code", { cookie: existing.cookie, json: { email: moved, currentPassword: PASSWORD } });
    await call("POST", "/api/user/email-change", {
      cookie: existing.cookie,
      json: { email: moved, confirmationCode: await latestCode(moved) },
    });
    const again = await exchange({ idToken: signJwt(claimsFor(existing.email, { sub: claims.sub }), cognitoLocalKey(), "CognitoLocal") });
    expect(again.body).toMatchObject({ id: existing.user.id, email: moved });
  });

  it("refuses to link or create for an unverified e-mail", async () => {
    const token = signJwt(claimsFor(uniqueEmail("unverified"), { email_verified: false }), cognitoLocalKey(), "CognitoLocal");
    const res = await exchange({ idToken: token });
    expect(res.status).toBe(403);
  });

  it("refuses to link a Google identity whose e-mail Google has not verified to an existing account", async () => {
    const existing = await registerUser();
    const identities = JSON.stringify([{ providerName: "Google", providerType: "Google", userId: randomUUID() }]);
    const claims = claimsFor(existing.email, { email_verified: false, identities: JSON.parse(identities) });
    const res = await exchange({ idToken: signJwt(claims, cognitoLocalKey(), "CognitoLocal") });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Your e-mail address is not verified with the sign-in provider.");
    // Nothing was linked: the same identity still finds no account.
    const again = await exchange({
      idToken: signJwt({ ...claims, email_verified: true, email: uniqueEmail("other") }, cognitoLocalKey(), "CognitoLocal"),
    });
    expect(again.body.id).not.toBe(existing.user.id);
  });

  it("credits a referral for a new Google account, never for an existing one's own code", async () => {
    const referrer = await registerUser();
    const { body } = await call("GET", "/api/user/referral-code", { cookie: referrer.cookie });
    const idToken = signJwt(claimsFor(uniqueEmail("referred")), cognitoLocalKey(), "CognitoLocal");
    expect((await exchange({ idToken, referralCode: body.referralCode })).status).toBe(200);
    expect((await call("GET", "/api/points/balance", { cookie: referrer.cookie })).body.balance).toBe(1000);

    // The referrer signs in with Google carrying its own code: nothing is credited.
    const own = signJwt(claimsFor(referrer.email), cognitoLocalKey(), "CognitoLocal");
    const self = await exchange({ idToken: own, referralCode: body.referralCode });
    expect(self.body.id).toBe(referrer.user.id);
    expect(self.body.points).toBe(1000);
  });

  it("refuses a token signed by another key (forged)", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forged = signJwt(claimsFor(uniqueEmail("forged")), privateKey, "CognitoLocal");
    const res = await exchange({ idToken: forged });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Could not verify the sign-in token.");
    expect(res.cookie).toBeUndefined();
  });

  it("refuses an expired token even with a valid signature", async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = signJwt(
      claimsFor(uniqueEmail("expired"), { iat: past, auth_time: past, exp: past + 3600 }),
      cognitoLocalKey(),
      "CognitoLocal",
    );
    const res = await exchange({ idToken: expired });
    expect(res.status).toBe(401);
  });

  it("refuses a token for another app client, an access token, another issuer, and garbage", async () => {
    const key = cognitoLocalKey();
    const email = uniqueEmail("claims");
    const cases = [
      signJwt(claimsFor(email, { aud: "some-other-client" }), key, "CognitoLocal"),
      signJwt(claimsFor(email, { token_use: "access" }), key, "CognitoLocal"),
      signJwt(claimsFor(email, { iss: "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_other" }), key, "CognitoLocal"),
      "not.a.jwt",
    ];
    for (const idToken of cases) expect((await exchange({ idToken })).status).toBe(401);
    // A real token from another app client of the same pool.
    const otherClient = cognito();
    const app = await otherClient.send(
      new CreateUserPoolClientCommand({
        UserPoolId: process.env.USER_POOL_ID!,
        ClientName: "other",
        ExplicitAuthFlows: ["ALLOW_ADMIN_USER_PASSWORD_AUTH"],
      }),
    );
    otherClient.destroy();
    const { idToken } = await idTokenFor(uniqueEmail("otherapp"), { clientId: app.UserPoolClient!.ClientId! });
    expect((await exchange({ idToken })).status).toBe(401);
  });

  it("requires an ID token", async () => {
    expect((await exchange({})).status).toBe(400);
  });
});
