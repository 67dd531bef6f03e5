import { zodResolver } from "@hookform/resolvers/zod";
import { resetPasswordFormSchema, type ResetPasswordFormInput } from "@storyboard/core/auth/schema";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Form } from "../../../components/ui/form";
import { useResetPassword, useSendPasswordReset } from "../api/registration";
import { ConfirmationCodeDialog } from "./confirmation-code-dialog";
import { InputField } from "../../../components/input-field";

/** /forgot-password: new password first, then the e-mailed code resets it and signs in. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const sendReset = useSendPasswordReset();
  const resetPassword = useResetPassword();
  const [pending, setPending] = useState<ResetPasswordFormInput | null>(null);
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { email: "", password: "", confirmPassword: "" },
  });

  const fields = [
    { name: "email", label: "Email", type: "email", autoComplete: "email" },
    { name: "password", label: "New password", type: "password", autoComplete: "new-password" },
    { name: "confirmPassword", label: "Confirm new password", type: "password", autoComplete: "new-password" },
  ] as const;

  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">Reset your password</CardTitle>
          <CardDescription>Choose a new password. We'll e-mail you a code to confirm it's you.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form {...form}>
            <form onSubmit={form.handleSubmit((values) => setPending(values))} className="grid gap-4" noValidate>
              {fields.map(({ name, label, type, autoComplete }) => (
                <InputField key={name} control={form.control} name={name} label={label} type={type} autoComplete={autoComplete} />
              ))}
              <Button type="submit" className="w-full">
                Send reset code
              </Button>
              <Button asChild variant="ghost" className="w-full">
                <Link to="/auth">
                  <ArrowLeft /> Back to login
                </Link>
              </Button>
            </form>
          </Form>
        </CardContent>
      </Card>

      <ConfirmationCodeDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        email={pending?.email ?? ""}
        sendCode={() => sendReset.mutateAsync(pending?.email ?? "")}
        onSubmitCode={async (confirmationCode) => {
          if (!pending) return;
          await resetPassword.mutateAsync({ form: pending, confirmationCode });
          setPending(null);
          navigate("/dashboard", { replace: true });
        }}
        title="Enter your reset code"
        submitLabel="Reset password"
      />
    </div>
  );
}
