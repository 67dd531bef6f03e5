import { ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { isAuthenticationResult } from "../../lib/stripe";

interface Props {
  /** The bank's authentication page (the intent's `next_action`). */
  url: string;
  paymentIntentId: string;
  /** Called once the page says the buyer finished, whatever the outcome: the intent itself says which. */
  onFinished: () => void;
}

/**
 * 3-D Secure in the offline card form: the bank's page inside the payment dialog, as Stripe.js shows it in a frame.
 * The page posts a message when the buyer completes or fails the challenge.
 */
export function BankChallenge({ url, paymentIntentId, onFinished }: Props) {
  useEffect(() => {
    const origin = new URL(url).origin;
    const listener = (event: MessageEvent) => {
      if (event.origin === origin && isAuthenticationResult(event.data, paymentIntentId)) onFinished();
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [url, paymentIntentId, onFinished]);

  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-sm font-medium">
        <ShieldCheck className="size-4 text-primary" aria-hidden />
        Your bank asks you to confirm this payment.
      </p>
      <iframe src={url} title="Confirm your payment with your bank" className="h-80 w-full rounded-md border bg-white" />
    </div>
  );
}
