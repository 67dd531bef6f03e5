import { AlertCircle } from "lucide-react";

/** The spec's payment error titles (docs/product.md#errors), shown inline with the provider's or our message. */
export interface PaymentErrorState {
  title: "Payment failed" | "Payment error" | "Payment initialization failed";
  message: string;
}

export function PaymentErrorBox({ title, message }: PaymentErrorState) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div>
        <p className="font-medium text-destructive">{title}</p>
        <p className="text-foreground/80">{message}</p>
      </div>
    </div>
  );
}
