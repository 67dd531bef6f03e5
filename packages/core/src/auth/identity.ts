/**
 * The one door to the identity provider (Cognito; cognito-local offline).
 * Cognito keeps passwords and identities; our table keeps accounts. Every call
 * names a password user by e-mail (the pool signs in with e-mail).
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { JwtVerifier } from "aws-jwt-verify";
import { validateCognitoJwtFields } from "aws-jwt-verify/cognito-verifier";
import type { JwtPayload } from "aws-jwt-verify/jwt-model";
import { config, localClientOptions } from "../config";
import { AppError } from "../error";
import { logger } from "../logger";

let client: CognitoIdentityProviderClient | undefined;
const cognito = () => (client ??= new CognitoIdentityProviderClient(localClientOptions(config.endpoints.cognito)));

function pool(): { userPoolId: string; clientId: string } {
  const userPoolId = config.userPoolId;
  const clientId = config.userPoolClientId;
  if (!userPoolId || !clientId) throw new AppError("internal", "Sign-in is not configured on this server.");
  return { userPoolId, clientId };
}

const errorName = (error: unknown) => (error as { name?: string } | undefined)?.name ?? "";

/** Cognito's answers to a wrong password or an unknown user; all mean "no" to a sign-in. */
const SIGN_IN_REFUSALS = new Set([
  "NotAuthorizedException",
  "InvalidPasswordException", // cognito-local's answer to a wrong password
  "UserNotFoundException",
  "UserNotConfirmedException",
  "PasswordResetRequiredException",
]);

/** A password Cognito's policy refuses (real Cognito checks it on AdminSetUserPassword). */
function passwordPolicyError(error: unknown): never {
  if (errorName(error) === "InvalidPasswordException" || errorName(error) === "InvalidParameterException") {
    throw new AppError("validation", (error as Error).message || "That password is not allowed.");
  }
  throw error;
}

/** The password user's `sub`, or undefined if the pool has no password user with this e-mail. */
export async function passwordIdentityOf(email: string): Promise<string | undefined> {
  try {
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: pool().userPoolId, Username: email }));
    return user.UserAttributes?.find((a) => a.Name === "sub")?.Value;
  } catch (error) {
    if (errorName(error) === "UserNotFoundException") return undefined;
    throw error;
  }
}

/**
 * Makes sure a password user exists for the e-mail and holds this password
 * (AdminCreateUser with a suppressed invitation, then a permanent
 * AdminSetUserPassword). `created` tells whether it was made just now, so a
 * caller whose next step fails can delete it again.
 */
export async function setPassword(email: string, password: string): Promise<{ identityId: string; created: boolean }> {
  const { userPoolId } = pool();
  let identityId = await passwordIdentityOf(email);
  let created = false;
  if (!identityId) {
    try {
      const result = await cognito().send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: email,
          MessageAction: "SUPPRESS",
          UserAttributes: [
            { Name: "email", Value: email },
            { Name: "email_verified", Value: "true" },
          ],
        }),
      );
      identityId = result.User?.Attributes?.find((a) => a.Name === "sub")?.Value;
      created = true;
    } catch (error) {
      if (errorName(error) !== "UsernameExistsException") throw error;
      identityId = await passwordIdentityOf(email); // made by a concurrent request
    }
  }
  if (!identityId) throw new AppError("internal", "The identity provider did not return an identity.");
  try {
    await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
  } catch (error) {
    if (created) await deletePasswordIdentity(email);
    passwordPolicyError(error);
  }
  return { identityId, created };
}

/** True if the password is right (ADMIN_USER_PASSWORD_AUTH; cognito-local has no SRP). */
export async function checkPassword(email: string, password: string): Promise<boolean> {
  const { userPoolId, clientId } = pool();
  try {
    await cognito().send(
      new AdminInitiateAuthCommand({
        UserPoolId: userPoolId,
        ClientId: clientId,
        AuthFlow: "ADMIN_USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    // A challenge (none is configured) would still mean the password was right.
    return true;
  } catch (error) {
    if (SIGN_IN_REFUSALS.has(errorName(error))) return false;
    throw error;
  }
}

/** Moves the password user to a new e-mail; false if the account has no password user (Google only). */
export async function changeIdentityEmail(oldEmail: string, newEmail: string): Promise<boolean> {
  try {
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: pool().userPoolId,
        Username: oldEmail,
        UserAttributes: [
          { Name: "email", Value: newEmail },
          { Name: "email_verified", Value: "true" },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (errorName(error) === "UserNotFoundException") return false;
    if (errorName(error) === "AliasExistsException") throw AppError.conflict("An account with this email already exists.");
    throw error;
  }
}

export async function deletePasswordIdentity(email: string): Promise<void> {
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: pool().userPoolId, Username: email }));
  } catch (error) {
    if (errorName(error) !== "UserNotFoundException") logger.error("Could not delete identity", { error: error as Error });
  }
}

export interface VerifiedIdToken {
  identityId: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  /** The external provider behind the token ("Google"), if any. */
  provider?: string;
}

type Verifier = {
  verify: (jwt: string) => Promise<Record<string, unknown>>;
  cacheJwks: (jwks: never, issuer: string) => void;
};
let verifier: Promise<Verifier> | undefined;

/**
 * The pool's token issuers: `${COGNITO_ISSUER_DOMAIN}/${USER_POOL_ID}` for the
 * local stand-in; on AWS both of Cognito's issuer formats (regional, and the
 * newer `issuer-cognito-idp` one aws-jwt-verify also accepts).
 */
function issuers(userPoolId: string): string[] {
  const custom = config.cognitoIssuerDomain;
  if (custom) return [`${custom.replace(/\/$/, "")}/${userPoolId}`];
  const region = userPoolId.split("_")[0] || config.region;
  return [`https://cognito-idp.${region}.amazonaws.com/${userPoolId}`, `https://issuer-cognito-idp.${region}.amazonaws.com/${userPoolId}`];
}

/**
 * One verifier per process. aws-jwt-verify fetches keys over HTTPS only, so for
 * the local stand-in (plain HTTP) the JWKS is fetched here and handed to
 * `cacheJwks`.
 */
function idTokenVerifier(): Promise<Verifier> {
  verifier ??= (async () => {
    const { userPoolId, clientId } = pool();
    const all = issuers(userPoolId);
    const v = JwtVerifier.create(
      all.map((issuer) => ({
        issuer,
        jwksUri: `${issuer}/.well-known/jwks.json`,
        audience: null, // checked with the client id below, the Cognito way
        customJwtCheck: ({ payload }: { payload: JwtPayload }) => validateCognitoJwtFields(payload, { tokenUse: "id", clientId }),
      })),
    ) as unknown as Verifier;
    for (const issuer of all.filter((i) => i.startsWith("http://"))) {
      const jwksUri = `${issuer}/.well-known/jwks.json`;
      const res = await fetch(jwksUri);
      if (!res.ok) throw new Error(`JWKS not available at ${jwksUri}: ${res.status}`);
      v.cacheJwks((await res.json()) as never, issuer);
    }
    return v;
  })().catch((error) => {
    verifier = undefined;
    throw error;
  });
  return verifier;
}

/** Verifies a Cognito ID token (signature, issuer, audience, expiry, token use); 401 if it fails. */
export async function verifyIdToken(idToken: string): Promise<VerifiedIdToken> {
  const v = await idTokenVerifier();
  let payload: Record<string, unknown>;
  try {
    payload = await v.verify(idToken);
  } catch (error) {
    logger.info("ID token refused", { reason: (error as Error).message });
    throw AppError.unauthorized("Could not verify the sign-in token.");
  }
  const identities = Array.isArray(payload.identities) ? (payload.identities as { providerName?: string }[]) : [];
  return {
    identityId: String(payload.sub),
    email: typeof payload.email === "string" ? payload.email : undefined,
    emailVerified: payload.email_verified === true || payload.email_verified === "true",
    name: typeof payload.name === "string" ? payload.name : undefined,
    provider: identities[0]?.providerName,
  };
}
