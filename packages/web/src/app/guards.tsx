import type { ReactNode } from "react";
import { Navigate, Outlet, useMatches } from "react-router-dom";
import { LazyAppLayout as AppLayout } from "../components/layouts/lazy-app-layout";
import { PageSpinner } from "../components/ui/spinner";
import { expectsSignedIn } from "../lib/session-hint";
import { useUser } from "../lib/user";

/** A route `handle` that lets its screen render while the session loads (its queries wait for the session). */
export interface SessionPendingHandle {
  rendersWhileSessionLoads?: boolean;
}

/**
 * Signed-in screens: while the session loads, the signed-in frame (header and
 * navigation, with the screen itself where its route allows, else a spinner)
 * when this browser is expected to be signed in, a spinner otherwise; then
 * /auth when there is no user (docs/decisions.md#web-performance).
 */
export function RequireUser() {
  const { data: user, isPending, isPlaceholderData } = useUser();
  const matches = useMatches();
  if (isPending || isPlaceholderData) {
    if (!expectsSignedIn()) return <PageSpinner label="Loading session" />;
    const screenReady = (matches.at(-1)?.handle as SessionPendingHandle | undefined)?.rendersWhileSessionLoads;
    return <AppLayout user={null}>{screenReady ? <Outlet /> : <PageSpinner label="Loading session" />}</AppLayout>;
  }
  if (!user) return <Navigate to="/auth" replace />;
  return <AppLayout user={user} />;
}

/**
 * Landing, /auth and /forgot-password: a signed-in user goes to the dashboard.
 * While the session loads the page is already mounted, hidden, so its code and
 * data load alongside the session instead of after it (first paint sooner).
 */
export function RedirectIfUser({ children }: { children?: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (user) return <Navigate to="/dashboard" replace />;
  return (
    <>
      {isPending && <PageSpinner label="Loading session" />}
      <div hidden={isPending} className={isPending ? undefined : "contents"}>
        {children ?? <Outlet />}
      </div>
    </>
  );
}
