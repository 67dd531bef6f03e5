import type { ReactNode } from "react";
import { Navigate, Outlet } from "react-router-dom";
import { LazyAppLayout as AppLayout } from "../components/layouts/lazy-app-layout";
import { PageSpinner } from "../components/ui/spinner";
import { useUser } from "../lib/user";

/** Signed-in screens: a spinner while the session loads, then /auth when there is no user. */
export function RequireUser() {
  const { data: user, isPending, isPlaceholderData } = useUser();
  if (isPending || isPlaceholderData) return <PageSpinner label="Loading session" />;
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
