/**
 * Google sign-in through the Cognito hosted UI with aws-amplify. Amplify is
 * loaded on demand (it is large) and only when /api/env names a user pool.
 */
import type { GoogleAuthConfig } from "../config/env";

type AmplifyAuth = typeof import("aws-amplify/auth");
type AmplifyHub = (typeof import("aws-amplify/utils"))["Hub"];

export interface IdentityProvider {
  auth: AmplifyAuth;
  hub: AmplifyHub;
}

let loading: Promise<IdentityProvider> | null = null;
let configuredFor: string | null = null;
const redirectListeners = new Set<(event: RedirectEvent) => void>();

export type RedirectEvent = { kind: "signedIn" } | { kind: "failed"; error: unknown };

/** Amplify keeps its tokens in localStorage under this prefix. */
const AMPLIFY_KEY_PREFIX = "CognitoIdentityServiceProvider.";

function hostedUiDomain(domain: string): string {
  return domain.replace(/^https?:\/\//, "").replace(/\/$/, "");
}

/** Loads and configures Amplify once; the returned Hub has seen every redirect event. */
export function loadIdentityProvider(config: GoogleAuthConfig): Promise<IdentityProvider> {
  if (loading && configuredFor === config.clientId) return loading;
  configuredFor = config.clientId;
  loading = (async () => {
    const [{ Amplify }, auth, { Hub }] = await Promise.all([
      import("aws-amplify"),
      import("aws-amplify/auth"),
      import("aws-amplify/utils"),
    ]);
    // Listen before configuring: configuring completes a pending redirect and emits its outcome.
    Hub.listen("auth", ({ payload }) => {
      if (payload.event === "signInWithRedirect") {
        for (const listener of redirectListeners) listener({ kind: "signedIn" });
      } else if (payload.event === "signInWithRedirect_failure") {
        const error = (payload as { data?: { error?: unknown } }).data?.error;
        for (const listener of redirectListeners) listener({ kind: "failed", error });
      }
    });
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.clientId,
          loginWith: {
            oauth: {
              domain: hostedUiDomain(config.domain),
              scopes: ["openid", "email", "profile"],
              redirectSignIn: [config.redirectUrl],
              redirectSignOut: [`${window.location.origin}/`],
              responseType: "code",
              providers: ["Google"],
            },
          },
        },
      },
    });
    return { auth, hub: Hub };
  })();
  return loading;
}

export function onRedirectResult(listener: (event: RedirectEvent) => void): () => void {
  redirectListeners.add(listener);
  return () => redirectListeners.delete(listener);
}

/** True when the page is the return leg of a hosted-UI sign-in. */
export function isRedirectReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has("code") && params.has("state");
}

/** True when Amplify holds tokens, i.e. an identity-provider session is active. */
export function hasIdentityProviderSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i)?.startsWith(AMPLIFY_KEY_PREFIX)) return true;
    }
  } catch {
    // No storage: no session either.
  }
  return false;
}

/** The ID token of the current Amplify session, if any. */
export async function currentIdToken(provider: IdentityProvider): Promise<string | undefined> {
  const session = await provider.auth.fetchAuthSession();
  return session.tokens?.idToken?.toString();
}
