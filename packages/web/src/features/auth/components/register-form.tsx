import { zodResolver } from "@hookform/resolvers/zod";
import { registerFormSchema, type RegisterFormInput } from "@storyboard/core/auth/schema";
import { REGISTRATION_TIMEZONES } from "@storyboard/core/catalog/timezones";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import { browserTimezoneIn, TimezoneField } from "../../../components/timezone-field";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { useRegister, useSendConfirmationCode } from "../api/registration";
import { ConfirmationCodeDialog } from "./confirmation-code-dialog";
import { GoogleButton } from "./google-button";
import { OrDivider } from "./or-divider";
import { InputField } from "../../../components/input-field";

const linkClass = "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** Registration: the form, then the e-mailed code, then the account (docs/product.md#accounts). */
export function RegisterForm() {
  const navigate = useNavigate();
  const sendCode = useSendConfirmationCode();
  const register = useRegister();
  const [pending, setPending] = useState<RegisterFormInput | null>(null);
  const form = useForm<RegisterFormInput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      email: "",
      fullName: "",
      timezone: browserTimezoneIn(REGISTRATION_TIMEZONES),
      password: "",
      confirmPassword: "",
      agreeToTerms: false,
    },
  });

  const onSubmit = form.handleSubmit((values) => setPending(values));

  const termsAgreed = () => {
    if (form.getValues("agreeToTerms")) return true;
    toast({ variant: "destructive", title: "Terms Required", description: "You must agree to the terms before registering with Google." });
    return false;
  };

  return (
    <>
      <Form {...form}>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <FormField
            control={form.control}
            name="fullName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  Full name <span className="font-normal text-muted-foreground">(optional)</span>
                </FormLabel>
                <FormControl>
                  <Input autoComplete="name" placeholder="Jane Writer" {...field} value={field.value ?? ""} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <InputField control={form.control} name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
          <TimezoneField control={form.control} name="timezone" options={REGISTRATION_TIMEZONES} />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField control={form.control} name="password" label="Password" type="password" autoComplete="new-password" />
            <InputField control={form.control} name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
          </div>
          <FormField
            control={form.control}
            name="agreeToTerms"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-start gap-2">
                  <FormControl>
                    <Checkbox className="mt-0.5" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
                  </FormControl>
                  <FormLabel className="block leading-snug font-normal">
                    I agree to the{" "}
                    <Link to="/terms" target="_blank" className={linkClass}>
                      Terms of Service
                    </Link>{" "}
                    and{" "}
                    <Link to="/privacy" target="_blank" className={linkClass}>
                      Privacy Policy
                    </Link>
                  </FormLabel>
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" className="w-full">
            Create account
          </Button>
        </form>
      </Form>
      <OrDivider />
      <GoogleButton label="Sign up with Google" beforeStart={termsAgreed} />

      <ConfirmationCodeDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        email={pending?.email ?? ""}
        sendCode={() => sendCode.mutateAsync(pending?.email ?? "")}
        onSubmitCode={async (confirmationCode) => {
          if (!pending) return;
          await register.mutateAsync({ form: pending, confirmationCode });
          setPending(null);
          navigate("/dashboard", { replace: true });
        }}
        title="Confirm your email"
        submitLabel="Create account"
      />
    </>
  );
}
