import { zodResolver } from "@hookform/resolvers/zod";
import { accountSettingsSchema, type AccountSettingsInput } from "@storyboard/core/auth/schema";
import { SETTINGS_TIMEZONES } from "@storyboard/core/catalog/timezones";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TimezoneField } from "../../../components/timezone-field";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { Form } from "../../../components/ui/form";
import { useUpdateAccount, type UserSettings } from "../api/settings";
import { InputField } from "../../../components/input-field";
import { EmailChangeDialog } from "./email-change-dialog";

/** E-mail, name and timezone; Save is enabled only once something changed. */
export function AccountForm({ settings }: { settings: UserSettings }) {
  const update = useUpdateAccount();
  const form = useForm<AccountSettingsInput>({
    resolver: zodResolver(accountSettingsSchema),
    defaultValues: { email: settings.email, fullName: settings.fullName ?? "", timezone: settings.timezone },
  });

  const [newEmail, setNewEmail] = useState<string | null>(null);

  // A new e-mail is confirmed in the dialog (password, then a code to the new address); name and timezone save here.
  const onSubmit = form.handleSubmit(async (values) => {
    const emailChanged = values.email.trim().toLowerCase() !== settings.email.toLowerCase();
    const profileChanged = values.fullName !== (settings.fullName ?? "") || values.timezone !== settings.timezone;
    try {
      if (profileChanged) await update.mutateAsync({ ...values, email: settings.email });
      form.reset({ ...values, email: emailChanged ? values.email : settings.email }, { keepDirty: false });
      if (emailChanged) setNewEmail(values.email.trim());
    } catch {
      // The mutation shows 'Failed to update account'.
    }
  });

  const onEmailDialogClose = (changed: boolean) => {
    form.reset({ ...form.getValues(), email: changed && newEmail ? newEmail : settings.email });
    setNewEmail(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>Your sign-in e-mail, the name we greet you with, and the timezone for dates.</CardDescription>
      </CardHeader>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <InputField control={form.control} name="email" label="Email" type="email" autoComplete="email" className="sm:col-span-2" />
            <InputField control={form.control} name="fullName" label="Full name" autoComplete="name" />
            <TimezoneField control={form.control} name="timezone" options={SETTINGS_TIMEZONES} />
          </CardContent>
          <CardFooter className="justify-end border-t pt-6">
            <Button type="submit" disabled={!form.formState.isDirty || update.isPending}>
              {update.isPending ? "Saving..." : "Save changes"}
            </Button>
          </CardFooter>
        </form>
      </Form>
      <EmailChangeDialog email={newEmail} onClose={onEmailDialogClose} />
    </Card>
  );
}
