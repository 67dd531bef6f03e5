import { AdminFixesScreen } from "../../features/admin/components/admin-fixes-screen";
import { FeaturedAdminCard } from "../../features/showcase/components/featured-admin-card";

export function AdminFixesRoute() {
  return (
    <AdminFixesScreen>
      <FeaturedAdminCard />
    </AdminFixesScreen>
  );
}
