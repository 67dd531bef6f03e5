import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, CheckCircle2, ShieldCheck } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { BankChallenge } from "../../../components/payment/bank-challenge";
import { PaymentErrorBox, type PaymentErrorState } from "../../../components/payment/payment-error-box";
import { PaymentOverlay } from "../../../components/payment/payment-overlay";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { usePublicEnv } from "../../../config/env";
import { formatCents } from "../../../lib/money";
import { authenticateWithStripeJs, authenticationOutcome, PaymentFailure, paymentMode, pendingConfirmation } from "../../../lib/stripe";
import { type InvoicePayment, invoicePaymentQueryOptions, useInvoicePayment } from "../api/billing";

const failureOf = (error: unknown): PaymentErrorState => ({
  title: error instanceof PaymentFailure && error.declined ? "Payment failed" : "Payment error",
  message: error instanceof Error ? error.message : "Please try again.",
});

/**
 * The page the e-mail of a renewal that needs authentication links to
 * (docs/decisions.md#renewals-that-need-authentication): the bank's challenge
 * for the invoice's payment, by Stripe.js or offline the stand-in's page, the
 * same path as the card form's 3-D Secure; after a failed challenge, another card.
 */
export function ConfirmPaymentScreen() {
  const { invoiceId = "" } = useParams();
  const payment = useInvoicePayment(invoiceId);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <PageHeader title="Confirm your payment" description="Your bank asks you to confirm a subscription payment." />
      {payment.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : payment.isError ? (
        <EmptyState
          icon={AlertCircle}
          title="Payment not found"
          description="This link does not lead to a payment of your account. Sign in with the account the e-mail was sent to."
        />
      ) : (
        <PaymentCard payment={payment.data} />
      )}
    </div>
  );
}

function PaymentCard({ payment }: { payment: InvoicePayment }) {
  const queryClient = useQueryClient();
  const env = usePublicEnv();
  const mode = paymentMode(env.data);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ id: string; url: string } | null>(null);
  const [failure, setFailure] = useState<PaymentErrorState | null>(null);
  const [otherCard, setOtherCard] = useState(false);
  const amount = formatCents(payment.amountCents, payment.currency);
  const clientSecret = payment.clientSecret;

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: invoicePaymentQueryOptions(payment.invoiceId).queryKey }),
    [queryClient, payment.invoiceId],
  );
  const settle = useCallback(
    async (step: () => Promise<unknown>) => {
      setFailure(null);
      setBusy(true);
      try {
        await step();
      } catch (error) {
        setFailure(failureOf(error));
      } finally {
        setBusy(false);
        await refresh();
      }
    },
    [refresh],
  );

  const confirm = () =>
    settle(async () => {
      if (!clientSecret) return;
      if (mode.kind === "stripe") return authenticateWithStripeJs(mode.publishableKey, clientSecret);
      if (mode.kind !== "offline") throw new PaymentFailure("Card payments are not available right now. Please try again later.", false);
      const outcome = await pendingConfirmation({ ...mode, clientSecret });
      if (outcome.kind === "authenticate") setChallenge(outcome);
    });
  const onBankFinished = useCallback(() => {
    setChallenge(null);
    if (mode.kind === "offline" && clientSecret) void settle(() => authenticationOutcome({ ...mode, clientSecret }));
  }, [mode, clientSecret, settle]);

  if (payment.status !== "open")
    return (
      <EmptyState
        icon={CheckCircle2}
        title={payment.status === "paid" ? "Payment confirmed" : "Nothing to pay"}
        description={
          payment.status === "paid"
            ? `The ${amount} payment for ${payment.planLabel} is done. Your subscription is active and this period's points are in your balance.`
            : "This payment is no longer due."
        }
      />
    );

  const afterFailedChallenge = payment.paymentStatus === "requires_payment_method";
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden /> {amount} for {payment.planLabel}
        </CardTitle>
        <CardDescription>
          Your subscription is past due until this payment is confirmed; this period's points are added once it is paid.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {challenge ? (
          <BankChallenge url={challenge.url} paymentIntentId={challenge.id} onFinished={onBankFinished} />
        ) : afterFailedChallenge ? (
          <p className="text-sm">Your bank did not confirm the payment with this card. You can pay with another card.</p>
        ) : (
          <Button onClick={confirm} disabled={busy || !clientSecret || env.isPending}>
            {busy ? "Confirming…" : "Confirm with my bank"}
          </Button>
        )}
        {failure && <PaymentErrorBox {...failure} />}
        {(afterFailedChallenge || failure) && !challenge && (
          <Button variant="outline" onClick={() => setOtherCard(true)} disabled={!clientSecret}>
            Pay with another card
          </Button>
        )}
        <Link to="/billing" className="text-sm text-muted-foreground underline">
          Back to billing
        </Link>
      </CardContent>
      <PaymentOverlay
        open={otherCard}
        clientSecret={clientSecret}
        title="Pay with another card"
        amountLabel={amount}
        onOpenChange={setOtherCard}
        onSuccess={() => {
          setOtherCard(false);
          setFailure(null);
          void refresh();
        }}
      />
    </Card>
  );
}
