import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationPreferencesSchema,
  type NotificationPreferenceKey,
  type NotificationPreferences,
} from "@storyboard/core/auth/schema";
import { blockingGroup } from "@storyboard/core/notification/constants";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from "../../../components/ui/form";
import { Switch } from "../../../components/ui/switch";
import { useUpdateNotifications } from "../api/settings";

const LABELS: Partial<Record<NotificationPreferenceKey, string>> = {
  renderNotifications: "All render e-mails",
  emailNotifications: "Email notifications",
};

const GROUPS: { title: string; items: { key: NotificationPreferenceKey; label: string; description: string }[] }[] = [
  {
    title: "Renders",
    items: [
      // The group switch first: an e-mail's 'Stop render e-mails' link turns it off (docs/decisions.md#one-source-for-e-mail-preferences).
      { key: "renderNotifications", label: "All render e-mails", description: "Turn off to stop every render e-mail at once." },
      { key: "renderStarted", label: "Render started", description: "When a render begins processing." },
      { key: "renderComplete", label: "Render complete", description: "When your video is ready to watch and download." },
      { key: "renderFailure", label: "Render failed", description: "When a render fails, so you can retry it." },
    ],
  },
  {
    title: "Account",
    items: [
      { key: "payment", label: "Payments", description: "Receipts, points purchases and subscription changes." },
      { key: "emailNotifications", label: "Email notifications", description: "Turn off to stop all optional e-mails at once, including messages from showcase viewers." },
    ],
  },
  {
    title: "News",
    items: [
      { key: "weeklyDigest", label: "Weekly digest", description: "A weekly summary of your activity and new showcase work." },
      { key: "marketingEmails", label: "Product news and offers", description: "New features, styles and occasional promotions." },
    ],
  },
];

export function NotificationsForm({ preferences }: { preferences?: Partial<NotificationPreferences> | null }) {
  const update = useUpdateNotifications();
  const initial = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...preferences };
  const form = useForm<NotificationPreferences>({
    resolver: zodResolver(notificationPreferencesSchema),
    defaultValues: initial,
  });

  // A switch under a group switch that is off shows off and cannot change: it is what the server reads too.
  const values = form.watch();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ notificationPreferences: values });
      form.reset(values);
    } catch {
      // The mutation shows 'Failed to update notification preferences'.
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email notifications</CardTitle>
        <CardDescription>Choose which e-mails we send you. Confirmation codes and security messages always arrive.</CardDescription>
      </CardHeader>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <CardContent className="flex flex-col gap-6">
            {GROUPS.map((group) => (
              <fieldset key={group.title} className="flex flex-col gap-1">
                <legend className="mb-2 text-sm font-semibold">{group.title}</legend>
                {group.items.map(({ key, label, description }) => (
                  <FormField
                    key={key}
                    control={form.control}
                    name={key}
                    render={({ field }) => {
                      const blockedBy = blockingGroup(values, key);
                      return (
                        <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
                          <div className="grid gap-1">
                            <FormLabel>{label}</FormLabel>
                            <FormDescription className="text-xs">
                              {blockedBy ? `Off while '${LABELS[blockedBy]}' is off.` : description}
                            </FormDescription>
                          </div>
                          <FormControl>
                            <Switch checked={blockedBy ? false : field.value} disabled={!!blockedBy} onCheckedChange={field.onChange} />
                          </FormControl>
                        </FormItem>
                      );
                    }}
                  />
                ))}
              </fieldset>
            ))}
          </CardContent>
          <CardFooter className="justify-end border-t pt-6">
            <Button type="submit" disabled={!form.formState.isDirty || update.isPending}>
              {update.isPending ? "Saving..." : "Save preferences"}
            </Button>
          </CardFooter>
        </form>
      </Form>
    </Card>
  );
}
