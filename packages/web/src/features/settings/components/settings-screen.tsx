import { AlertCircle } from "lucide-react";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { useSettings } from "../api/settings";
import { AccountForm } from "./account-form";
import { NotificationsForm } from "./notifications-form";
import { PasswordForm } from "./password-form";

export function SettingsScreen() {
  const { data: settings, isPending, isError, refetch } = useSettings();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title="Settings" description="Manage your account, password and e-mail notifications." />
      {isPending ? (
        <div className="flex flex-col gap-6" aria-busy="true">
          <Skeleton className="h-64 w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      ) : isError || !settings ? (
        <EmptyState
          icon={AlertCircle}
          title="We couldn't load your settings."
          description="Please try again in a moment."
          action={
            <Button variant="outline" onClick={() => refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <>
          <AccountForm settings={settings} />
          <PasswordForm />
          <NotificationsForm preferences={settings.notificationPreferences} />
        </>
      )}
    </div>
  );
}
