import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "../../../components/ui/use-toast";
import { usePublicEnv } from "../../../config/env";
import { api } from "../../../lib/api";
import { clearReferral, readReferral } from "../../../lib/referral";
import {
  currentIdToken,
  isRedirectReturn,
  loadIdentityProvider,
  onRedirectResult,
  type IdentityProvider,
} from "../../../lib/identity-provider";
import { USER_QUERY_KEY } from "../../../lib/user";

/** Paths from which a fresh Google sign-in continues to the dashboard (docs/product.md#accounts). */
const ENTRY_PATHS = new Set(["", "/", "/auth"]);

function googleFailed(error: unknown) {
  console.error("Google sign-in failed", error);
  toast({ variant: "destructive", title: "Login failed", description: "Could not log in with Google." });
}

/** Trades the identity provider's ID token for our session cookie. */
function useExchangeToken() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Read when the exchange finishes, not when it started.
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  return useCallback(
    async (provider: IdentityProvider) => {
      const idToken = await currentIdToken(provider);
      if (!idToken) {
        console.warn("Google sign-in finished without an ID token");
        return;
      }
      await api.post("/api/auth/token-exchange", { idToken, referralCode: readReferral() });
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      clearReferral();
      if (ENTRY_PATHS.has(pathnameRef.current)) navigate("/dashboard", { replace: true });
    },
    [navigate, queryClient],
  );
}

/**
 * Mounted once at the root: when the page is the return leg of the hosted UI,
 * loads Amplify (which completes the sign-in) and exchanges the token.
 */
export function useGoogleRedirectHandler() {
  const { data: env } = usePublicEnv();
  const location = useLocation();
  const exchange = useExchangeToken();
  const config = env?.GOOGLE_AUTH;
  const returning = isRedirectReturn(location.search);

  useEffect(() => {
    if (!config || !returning) return;
    let provider: IdentityProvider | undefined;
    const off = onRedirectResult((event) => {
      if (event.kind === "failed") return googleFailed(event.error);
      const run = async () => exchange(provider ?? (await loadIdentityProvider(config)));
      run().catch(googleFailed);
    });
    loadIdentityProvider(config)
      .then((p) => (provider = p))
      .catch(googleFailed);
    return off;
  }, [config, returning, exchange]);
}

export type GoogleSignInState = "loading" | "unconfigured" | "ready" | "redirecting";

/** The Google button's state and action. */
export function useGoogleSignIn() {
  const { data: env, isPending, isError } = usePublicEnv();
  const exchange = useExchangeToken();
  const [redirecting, setRedirecting] = useState(false);
  const config = env?.GOOGLE_AUTH ?? null;

  const state: GoogleSignInState = redirecting
    ? "redirecting"
    : isPending
      ? "loading"
      : isError || !config
        ? "unconfigured"
        : "ready";

  const start = useCallback(async () => {
    if (!config) return;
    setRedirecting(true);
    try {
      const provider = await loadIdentityProvider(config);
      try {
        await provider.auth.signInWithRedirect({ provider: "Google" });
      } catch (error) {
        // Already signed in at the provider (e.g. a session left from before): just exchange.
        if ((error as { name?: string }).name === "UserAlreadyAuthenticatedException") {
          await exchange(provider);
          setRedirecting(false);
        } else throw error;
      }
    } catch (error) {
      setRedirecting(false);
      googleFailed(error);
    }
  }, [config, exchange]);

  return { state, start };
}
