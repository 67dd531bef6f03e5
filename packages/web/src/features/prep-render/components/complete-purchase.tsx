import { renderCost } from "@storyboard/core/render/pricing";
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
import { formatPoints } from "../../../lib/numbers";
import { type PaymentRequired, type RenderPaymentIntent, useCreateRenderPayment, usePurchaseRender } from "../api/prep-render";

const points = (n: number) => (Number.isFinite(n) ? formatPoints(n) : "—");

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
 * Shown when POST /api/renders answers 402 (docs/product.md#renders): buy the
 * missing points by card and the render starts at once, or buy points on
 * /pricing. The card pays only what the balance lacks; the render then takes
 * its whole cost from the balance, so no point is left unused
 * (docs/decisions.md#a-render-by-card-pays-only-what-is-missing).
 */
export function CompletePurchase({ payment, values, pageCount, onBack, onStarted }: Props) {
  const intent = useCreateRenderPayment();
  const purchase = usePurchaseRender();
  const [paying, setPaying] = useState(false);
  const { mutate } = intent;
  const { screenplayId, style, characterVoices, aspect } = values;
  const start = () => mutate({ screenplayId, style, characterVoices, aspect });
  // Priced once per visit of this screen, with the settings Confirm sent.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(start, [mutate, screenplayId]);
  const priced = intent.data;
  // The server's numbers once priced (the balance may have moved since the 402).
  const cost = priced?.cost ?? payment.cost;
  const balance = priced?.balance ?? payment.balance;
  const bought = priced?.points ?? payment.shortfall;
  const after = balance + bought - cost;
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
        <CardDescription>{payment.message}</CardDescription>
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
              {points(cost)}
              {cost < renderCost(pages) ? " (reusing your earlier render)" : ` (${pages} ${pages === 1 ? "page" : "pages"})`}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Your balance</dt>
            <dd className="tabular-nums">{points(balance)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Points needed</dt>
            <dd className="text-destructive tabular-nums">{points(priced?.missing ?? payment.shortfall)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Balance after</dt>
            <dd className="tabular-nums" data-testid="purchase-balance-after">
              {points(Math.max(0, after))}
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 border-t pt-2">
            <dt className="font-medium">Your card pays</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="render-price">
              {priced ? formatCents(priced.amount) : intent.isError ? "—" : <Skeleton className="h-6 w-20" />}
            </dd>
          </div>
        </dl>
        {priced && (
          <p className="text-sm" data-testid="card-pays-what">
            {cardPaysWhat(priced)}
          </p>
        )}
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
            <Button onClick={start} className="w-full sm:w-auto">
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
        description={priced ? `${formatPoints(priced.points)} for "${values.title}"; the render starts right away.` : undefined}
        amountLabel={intent.data ? formatCents(intent.data.amount) : undefined}
        onSuccess={onPaid}
        onOpenChange={setPaying}
      />
    </Card>
  );
}

/** The plain sentence before paying: what the card buys, and why it is not the whole render. */
function cardPaysWhat(p: RenderPaymentIntent): string {
  const extra = p.points - p.missing;
  const buys =
    `Your card pays ${formatCents(p.amount)} for the ${formatPoints(p.missing)} you are missing` +
    (extra > 0 ? ` (the smallest card payment, ${formatCents(p.amount)}, buys ${formatPoints(p.points)}; the other ${formatPoints(extra)} stay on your balance)` : "") +
    ".";
  const uses =
    p.balance > 0
      ? ` Then the render takes its ${formatPoints(p.cost)} from your balance, so your ${formatPoints(p.balance)} are used, not charged again.`
      : ` Then the render takes its ${formatPoints(p.cost)} from your balance.`;
  return buys + uses;
}
