import type { CreateRenderInput } from "@storyboard/core/render/schema";
import { ArrowLeft, Coins, CreditCard, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { PaymentOverlay } from "../../../components/payment/payment-overlay";
import { PaymentErrorBox } from "../../../components/payment/payment-error-box";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/api";
import { formatCents } from "../../../lib/money";
import { type PaymentRequired, useCreateRenderPayment, usePurchaseRender } from "../api/prep-render";

const points = (n: number) => (Number.isFinite(n) ? `${n.toLocaleString()} points` : "—");

interface Props {
  payment: PaymentRequired;
  /** The prepared render's settings, as Confirm would send them. */
  values: CreateRenderInput;
  pageCount: number | null;
  onBack: () => void;
  /** The render started: the screen goes to it. */
  onStarted: (renderJobId: string) => void;
}

/**
 * Shown when POST /api/renders answers 402 (docs/product.md#renders): pay for
 * this render by card and it starts at once, or buy points on /pricing. The
 * card pays the whole render, so the balance is left as it is.
 */
export function CompletePurchase({ payment, values, pageCount, onBack, onStarted }: Props) {
  const intent = useCreateRenderPayment();
  const purchase = usePurchaseRender();
  const [paying, setPaying] = useState(false);
  const { mutate } = intent;
  const screenplayId = values.screenplayId;
  useEffect(() => mutate(screenplayId), [mutate, screenplayId]);
  const pages = Math.max(1, Math.ceil(pageCount ?? 1));

  const onPaid = async (paymentIntentId: string) => {
    setPaying(false);
    try {
      const { renderJob } = await purchase.mutateAsync({ paymentIntentId, values });
      toast({ variant: "success", title: "Payment successful", description: "Your render has started." });
      onStarted(renderJob.id);
    } catch (error) {
      toast({ variant: "destructive", title: "Error creating render job", description: errorMessage(error) });
    }
  };

  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle className="text-xl">Complete Your Purchase</CardTitle>
        <CardDescription>{payment.message} Pay for this render by card and it starts right away.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Render</dt>
            <dd className="truncate font-medium">{values.title}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Cost</dt>
            <dd className="tabular-nums">
              {points(payment.cost)} ({pages} {pages === 1 ? "page" : "pages"})
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Your balance</dt>
            <dd className="tabular-nums">{points(payment.balance)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Points needed</dt>
            <dd className="text-destructive tabular-nums">{points(payment.shortfall)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Balance after</dt>
            <dd className="tabular-nums" data-testid="purchase-balance-after">
              {points(Math.max(0, payment.balance))}
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 border-t pt-2">
            <dt className="font-medium">Price</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="render-price">
              {intent.data ? formatCents(intent.data.amount) : intent.isError ? "—" : <Skeleton className="h-6 w-20" />}
            </dd>
          </div>
        </dl>
        {intent.isError && (
          <PaymentErrorBox
            title="Payment initialization failed"
            message={errorMessage(intent.error, "Unable to initialize payment. Please try again later.")}
          />
        )}
        <p className="text-sm text-muted-foreground">Or buy points or choose a plan on the Pricing page, then come back to confirm.</p>
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} className="w-full sm:w-auto" disabled={purchase.isPending}>
          <ArrowLeft aria-hidden /> Back
        </Button>
        <div className="flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <Link to="/pricing">
              <Coins aria-hidden /> Buy points
            </Link>
          </Button>
          {intent.isError ? (
            <Button onClick={() => mutate(screenplayId)} className="w-full sm:w-auto">
              Try again
            </Button>
          ) : (
            <Button onClick={() => setPaying(true)} disabled={!intent.data || purchase.isPending} className="w-full sm:w-auto">
              {purchase.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <CreditCard aria-hidden />}
              {purchase.isPending ? "Starting render..." : intent.data ? `Pay ${formatCents(intent.data.amount)}` : "Pay by card"}
            </Button>
          )}
        </div>
      </CardFooter>
      <PaymentOverlay
        open={paying}
        clientSecret={intent.data?.clientSecret ?? null}
        title="Complete Your Purchase"
        description={`Pay for "${values.title}" and the render starts right away.`}
        amountLabel={intent.data ? formatCents(intent.data.amount) : undefined}
        onSuccess={onPaid}
        onOpenChange={setPaying}
      />
    </Card>
  );
}
