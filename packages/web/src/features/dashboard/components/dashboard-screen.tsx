import { Upload } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { useUser } from "../../auth/api/user";
import { useRenderList } from "../../renders/api/render-list";
import { useScreenplays } from "../../screenplays/api/screenplays";
import { RecentScreenplays } from "../../screenplays/components/recent-screenplays";
import { UploadScreenplay } from "../../screenplays/components/upload-screenplay";
import { ActivitySummary } from "./activity-summary";
import { RecentRenders } from "./recent-renders";
import { WelcomeDialog } from "./welcome-dialog";

/** /dashboard and /screenplays (docs/product.md#screenplays Dashboard). */
export function DashboardScreen() {
  const { data: user } = useUser();
  const screenplays = useScreenplays();
  const renders = useRenderList();
  const [uploadOpen, setUploadOpen] = useState(false);
  const firstName = user?.fullName?.trim().split(/\s+/)[0];

  return (
    <div>
      <PageHeader
        title="Dashboard"
        description={firstName ? `Welcome back, ${firstName}. Here's what you're working on.` : "Here's what you're working on."}
        actions={
          <Button onClick={() => setUploadOpen(true)}>
            <Upload aria-hidden /> Upload Screenplay
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <RecentScreenplays onUpload={() => setUploadOpen(true)} />
          <ActivitySummary
            screenplays={screenplays.isError ? null : screenplays.data?.length}
            renders={renders.isError ? null : renders.data?.length}
            points={user?.points}
          />
        </div>
        <RecentRenders />
      </div>
      <UploadScreenplay open={uploadOpen} onOpenChange={setUploadOpen} />
      {user && <WelcomeDialog points={user.points} />}
    </div>
  );
}
