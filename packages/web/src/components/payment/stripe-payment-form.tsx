import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Loader2, Lock } from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import { stripeJs } from "../../lib/stripe";
import { useTheme } from "../theme-provider";
import { Button } from "../ui/button";
import { PaymentErrorBox, type PaymentErrorState } from "./payment-error-box";

interface Props {
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  onBusyChange: (busy: boolean) => void;
  onSuccess: (paymentIntentId: string) => void;
}

const prefersDark = () =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-color-scheme: dark)").matches;

/** Stripe.js and its Payment Element, for a real publishable key. */
export function StripePaymentForm({ publishableKey, clientSecret, ...rest }: Props) {
  const { theme } = useTheme();
  const dark = theme === "dark" || (theme === "system" && prefersDark());
  const stripe = useMemo(() => stripeJs(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: dark ? "night" : "stripe" } }}>
      <PaymentElementForm {...rest} />
    </Elements>
  );
}

function PaymentElementForm({ payLabel, onBusyChange, onSuccess }: Omit<Props, "publishableKey" | "clientSecret">) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<PaymentErrorState | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setFailure(null);
    setBusy(true);
    onBusyChange(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: "if_required",
        confirmParams: { return_url: window.location.href },
      });
      if (error) {
        const declined = error.type === "card_error" || error.type === "validation_error";
        setFailure({ title: declined ? "Payment failed" : "Payment error", message: error.message ?? "Please try again." });
      } else if (paymentIntent && (paymentIntent.status === "succeeded" || paymentIntent.status === "processing")) {
        onSuccess(paymentIntent.id);
      } else {
        setFailure({ title: "Payment failed", message: "The payment could not be completed. Please try another card." });
      }
    } catch (error) {
      setFailure({ title: "Payment error", message: error instanceof Error ? error.message : "Please try again." });
    } finally {
      setBusy(false);
      onBusyChange(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={() =>
          setFailure({ title: "Payment initialization failed", message: "Unable to initialize payment. Please try again later." })
        }
      />
      {failure && <PaymentErrorBox {...failure} />}
      <Button type="submit" size="lg" disabled={!stripe || !ready || busy} className="w-full">
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Lock aria-hidden />}
        {busy ? "Processing..." : payLabel}
      </Button>
    </form>
  );
}
