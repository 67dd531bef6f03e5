import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { errorMessage } from "../../../lib/api";
import { useConfirmEmailChange, useRequestEmailChange } from "../api/settings";

interface EmailChangeDialogProps {
  /** The new address, or null when the dialog is closed. */
  email: string | null;
  onClose: (changed: boolean) => void;
}

/**
 * Confirms a new sign-in e-mail in two steps (docs/product.md#accounts): the
 * current password sends a 6-digit code to the new address, and the code
 * makes the change.
 */
const ERROR_ID = "email-change-error";

/** The server's refusal of the current step, announced and tied to its field. */
function StepError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p id={ERROR_ID} role="alert" className="text-sm text-destructive">
      {error}
    </p>
  );
}

export function EmailChangeDialog({ email, onClose }: EmailChangeDialogProps) {
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<"password" | "code">("password");
  const [error, setError] = useState<string | null>(null);

  const close = (changed: boolean) => {
    setPassword("");
    setCode("");
    setStep("password");
    setError(null);
    request.reset();
    confirm.reset();
    onClose(changed);
  };

  const sendCode = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!email) return;
    if (!password) return setError("Current password is required");
    setError(null);
    try {
      await request.mutateAsync({ email, currentPassword: password });
      setStep("code");
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const confirmCode = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!email) return;
    if (!/^\d{6}$/.test(code)) return setError("Enter the 6-digit code we sent to your new address.");
    setError(null);
    try {
      await confirm.mutateAsync({ email, confirmationCode: code });
      close(true);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Dialog open={email !== null} onOpenChange={(open) => !open && close(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm your new e-mail</DialogTitle>
          <DialogDescription>
            {step === "password"
              ? `Enter your current password and we'll send a 6-digit code to ${email}.`
              : `Enter the 6-digit code we sent to ${email}. It expires in a few minutes.`}
          </DialogDescription>
        </DialogHeader>
        {step === "password" ? (
          <form onSubmit={sendCode} noValidate className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor="email-change-password">Current password</Label>
              <Input
                id="email-change-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={!!error}
                aria-describedby={error ? ERROR_ID : undefined}
              />
            </div>
            <StepError error={error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={request.isPending}>
                {request.isPending ? "Sending..." : "Send code"}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <form onSubmit={confirmCode} noValidate className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor="email-change-code">Confirmation code</Label>
              <Input
                id="email-change-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
                aria-invalid={!!error}
                aria-describedby={error ? ERROR_ID : undefined}
              />
            </div>
            <StepError error={error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep("password")}>
                Send a new code
              </Button>
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? "Confirming..." : "Confirm"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
