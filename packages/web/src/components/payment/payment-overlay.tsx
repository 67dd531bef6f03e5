import { Loader2 } from "lucide-react";
import { useState } from "react";
import { usePublicEnv } from "../../config/env";
import { paymentMode } from "../../lib/stripe";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { OfflineCardForm } from "./offline-card-form";
import { PaymentErrorBox } from "./payment-error-box";
import { StripePaymentForm } from "./stripe-payment-form";

export interface PaymentOverlayProps {
  open: boolean;
  /** The PaymentIntent's client secret; null while the server is still creating it. */
  clientSecret: string | null;
  title: string;
  description?: string;
  /** e.g. "$20.00": the pay button reads "Pay $20.00". */
  amountLabel?: string;
  /** Creating the PaymentIntent failed: the overlay says so instead of a form. */
  initError?: string | null;
  onSuccess: (paymentIntentId: string) => void;
  onOpenChange: (open: boolean) => void;
}

/**
 * Takes a card payment for a PaymentIntent the server created
 * (docs/product.md#payments): Stripe's Payment Element with a real key, our
 * offline card form against the local stand-in. It cannot be closed while a
 * payment is being confirmed.
 */
export function PaymentOverlay({
  open,
  clientSecret,
  title,
  description,
  amountLabel,
  initError,
  onSuccess,
  onOpenChange,
}: PaymentOverlayProps) {
  const env = usePublicEnv();
  const [busy, setBusy] = useState(false);
  const mode = paymentMode(env.data);
  const payLabel = amountLabel ? `Pay ${amountLabel}` : "Pay now";
  const unavailable =
    initError ??
    (env.isError || (env.data && mode.kind === "unavailable") ? "Unable to initialize payment. Please try again later." : null);

  let body;
  if (unavailable) body = <PaymentErrorBox title="Payment initialization failed" message={unavailable} />;
  else if (!clientSecret || env.isPending || mode.kind === "unavailable") {
    body = (
      <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Preparing secure payment…
      </div>
    );
  } else if (mode.kind === "offline") {
    body = (
      <OfflineCardForm
        key={clientSecret}
        apiUrl={mode.apiUrl}
        publishableKey={mode.publishableKey}
        clientSecret={clientSecret}
        payLabel={payLabel}
        onBusyChange={setBusy}
        onSuccess={onSuccess}
      />
    );
  } else {
    body = (
      <StripePaymentForm
        key={clientSecret}
        publishableKey={mode.publishableKey}
        clientSecret={clientSecret}
        payLabel={payLabel}
        onBusyChange={setBusy}
        onSuccess={onSuccess}
      />
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <DialogContent
        showClose={!busy}
        onInteractOutside={(e) => e.preventDefault()}
        onEscapeKeyDown={(e) => busy && e.preventDefault()}
        className="max-sm:top-auto max-sm:bottom-0 max-sm:w-full max-sm:translate-y-0 max-sm:rounded-b-none sm:max-w-md"
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? (
            <DialogDescription>{description}</DialogDescription>
          ) : (
            <DialogDescription className="sr-only">Enter your card details to pay.</DialogDescription>
          )}
        </DialogHeader>
        {amountLabel && (
          <p className="flex items-baseline justify-between rounded-lg bg-muted/50 px-3 py-2 text-sm">
            <span className="text-muted-foreground">Total</span>
            <span className="text-lg font-semibold tabular-nums">{amountLabel}</span>
          </p>
        )}
        {body}
      </DialogContent>
    </Dialog>
  );
}
