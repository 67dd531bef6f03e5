import { Upload } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { ActivitySummary } from "../../features/dashboard/components/activity-summary";
import { WelcomeDialog } from "../../features/dashboard/components/welcome-dialog";
import { dismissedBefore } from "../../features/dashboard/welcome-seen";
import { useDismissWelcome } from "../../features/dashboard/api/welcome";
import { useRenderList } from "../../features/renders/api/render-list";
import { RecentRenders } from "../../features/renders/components/recent-renders";
import { useScreenplays } from "../../features/screenplays/api/screenplays";
import { RecentScreenplays } from "../../features/screenplays/components/recent-screenplays";
import { preloadUploadDialog, UploadScreenplay } from "../../features/screenplays/components/upload-screenplay";
import { useUser } from "../../lib/user";

/**
 * /dashboard and /screenplays (docs/product.md#screenplays): composed here from
 * the dashboard, screenplays and renders features, which never import one another.
 */
export function DashboardScreen() {
  const { data: user } = useUser();
  const screenplays = useScreenplays();
  const renders = useRenderList();
  const [uploadOpen, setUploadOpen] = useState(false);
  const firstName = user?.fullName?.trim().split(/\s+/)[0];
  // The first visit (the welcome not yet seen) is a welcome, not a welcome back; both flags are read once, before
  // closing the dialog sets them (the account's comes back with the refetched user and turned the greeting mid-visit).
  const [seenInThisBrowser] = useState(dismissedBefore);
  const [seenOnAccount, setSeenOnAccount] = useState<boolean | null>(null);
  if (user && seenOnAccount === null) setSeenOnAccount(!!user.welcomeDismissedAt);
  const returning = seenInThisBrowser || !!seenOnAccount;
  const dismissWelcome = useDismissWelcome();
  const greeting = returning ? "Welcome back" : "Welcome";

  return (
    <div>
      <PageHeader
        title="Dashboard"
        description={firstName ? `${greeting}, ${firstName}. Here's what you're working on.` : "Here's what you're working on."}
        actions={
          <Button onClick={() => setUploadOpen(true)} onPointerEnter={preloadUploadDialog} onFocus={preloadUploadDialog}>
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
      {user && <WelcomeDialog points={user.points} dismissedAt={user.welcomeDismissedAt} onDismiss={() => dismissWelcome.mutate()} />}
    </div>
  );
}
