import { Outlet } from "react-router-dom";
import { useUser } from "../../lib/user";
import { PageSpinner } from "../ui/spinner";
import { LazyAppLayout as AppLayout } from "./lazy-app-layout";
import { PublicLayout } from "./public-layout";

/**
 * Public pages that signed-in users reach from the side navigation (FAQ,
 * tutorials, pricing, showcase): they keep the side navigation when signed in.
 */
export function AdaptiveLayout() {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner label="Loading session" />;
  if (user) {
    return (
      <AppLayout user={user}>
        <Outlet />
      </AppLayout>
    );
  }
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
        <Outlet />
      </div>
    </PublicLayout>
  );
}
