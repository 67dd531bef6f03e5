import { zodResolver } from "@hookform/resolvers/zod";
import { passwordChangeFormSchema, type PasswordChangeFormInput } from "@storyboard/core/auth/schema";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { Form } from "../../../components/ui/form";
import { useUpdatePassword } from "../api/settings";
import { InputField } from "../../../components/input-field";

const FIELDS = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
] as const;

export function PasswordForm() {
  const update = useUpdatePassword();
  const form = useForm<PasswordChangeFormInput>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await update.mutateAsync({ currentPassword, newPassword });
      form.reset();
    } catch {
      // The mutation shows 'Failed to update password'.
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Enter your current password, then a new one of at least 6 characters.</CardDescription>
      </CardHeader>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <CardContent className="grid gap-4 sm:grid-cols-3">
            {FIELDS.map(({ name, label, autoComplete }) => (
              <InputField key={name} control={form.control} name={name} label={label} type="password" autoComplete={autoComplete} />
            ))}
          </CardContent>
          <CardFooter className="justify-end border-t pt-6">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Updating..." : "Update password"}
            </Button>
          </CardFooter>
        </form>
      </Form>
    </Card>
  );
}
