import { AdminFixesScreen } from "../../features/admin/components/admin-fixes-screen";
import { ProviderCheckCard } from "../../features/providers/components/provider-check-card";
import { FeaturedAdminCard } from "../../features/showcase/components/featured-admin-card";
import { ShowcaseHoldsCard } from "../../features/showcase/components/showcase-holds-card";
import { ShowcaseReportsCard } from "../../features/showcase/components/showcase-reports-card";

/** /admin/fixes: the admin tools of every feature, composed here (features do not import one another). */
export function AdminFixesRoute() {
  return (
    <AdminFixesScreen>
      <FeaturedAdminCard />
      <ShowcaseReportsCard />
      <ShowcaseHoldsCard />
      <ProviderCheckCard />
    </AdminFixesScreen>
  );
}
