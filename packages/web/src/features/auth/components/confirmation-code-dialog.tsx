import { confirmationCodeSchema, CONFIRMATION_CODE_LENGTH, CONFIRMATION_CODE_TTL_MINUTES } from "@storyboard/core/auth/schema";
import { MailCheck } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";

export interface ConfirmationCodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  /** Sends a code; called each time the dialog opens and on "Resend code". */
  sendCode: () => Promise<unknown>;
  /** Uses the entered code; the dialog stays open if it rejects. */
  onSubmitCode: (code: string) => Promise<unknown>;
  title?: string;
  submitLabel?: string;
}

/**
 * docs/product.md#accounts: not dismissible by clicking outside, has a close button, sends a
 * code and clears the input whenever it opens; codes expire in 4 minutes.
 */
export function ConfirmationCodeDialog({
  open,
  onOpenChange,
  email,
  sendCode,
  onSubmitCode,
  title = "Check your email",
  submitLabel = "Verify",
}: ConfirmationCodeDialogProps) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const sentForThisOpening = useRef(false);
  const inputId = useId();

  const send = async () => {
    setSending(true);
    try {
      await sendCode();
    } catch {
      // The send mutation shows its own toast.
    } finally {
      setSending(false);
    }
  };

  useEffect(() => {
    if (!open) {
      sentForThisOpening.current = false;
      return;
    }
    if (sentForThisOpening.current) return;
    sentForThisOpening.current = true;
    setCode("");
    setError(null);
    void send();
    // `send` changes every render; the opening is what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = confirmationCodeSchema.safeParse(code);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Please enter a 6-digit confirmation code.";
      setError(message);
      toast({ variant: "destructive", title: "Invalid code", description: "Please enter a 6-digit confirmation code." });
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await onSubmitCode(parsed.data);
    } catch {
      // The mutation's toast explains; the dialog stays open for another try.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-md"
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary sm:mx-0">
            <MailCheck className="size-6" aria-hidden />
          </div>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            We sent a {CONFIRMATION_CODE_LENGTH}-digit confirmation code to <span className="font-medium text-foreground">{email}</span>.
            The code expires in {CONFIRMATION_CODE_TTL_MINUTES} minutes.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Confirmation code</Label>
            <Input
              id={inputId}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, CONFIRMATION_CODE_LENGTH))}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CONFIRMATION_CODE_LENGTH}
              placeholder="000000"
              aria-invalid={!!error}
              className="h-12 text-center font-mono text-2xl tracking-[0.5em]"
              autoFocus
            />
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter className="sm:justify-between">
            <Button type="button" variant="ghost" onClick={() => void send()} disabled={sending || submitting}>
              {sending ? "Sending..." : "Resend code"}
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Verifying..." : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
