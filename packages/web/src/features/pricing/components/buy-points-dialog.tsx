import { zodResolver } from "@hookform/resolvers/zod";
import {
  normalizePurchaseDollars,
  MAX_PURCHASE_DOLLARS,
  MIN_PURCHASE_DOLLARS,
  pointsAtPagePrice,
  PURCHASE_STEP_DOLLARS,
} from "@storyboard/core/billing/price";
import { RETAIL_CENTS_PER_PAGE } from "@storyboard/core/catalog/plans";
import { Coins, Loader2, Minus, Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { z } from "zod";
import { PaymentOverlay } from "../../../components/payment/payment-overlay";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/api";
import { formatCents } from "../../../lib/money";
import { useUser } from "../../../lib/user";
import { REGISTER_PATH } from "../../../config/paths";
import { type PointsPaymentIntent, useAwaitPointsCredit, useCreatePointsPayment, useSubscriberPagePrice } from "../api/buy-points";
import { formatCount, formatPoints } from "../../../lib/numbers";

const schema = z.object({
  amount: z.coerce
    .number({ error: "Enter an amount in dollars." })
    .min(MIN_PURCHASE_DOLLARS, `The minimum purchase is $${MIN_PURCHASE_DOLLARS}.`)
    .max(MAX_PURCHASE_DOLLARS, `One purchase can be at most $${MAX_PURCHASE_DOLLARS.toLocaleString("en-US")}.`),
});
type Values = z.output<typeof schema>;

/**
 * The buy-points dialog of /pricing (docs/product.md#points): min $10, step
 * $10, default $10, the points it buys at retail or the subscriber's rate,
 * then the card payment. Signed-out visitors go to /auth.
 */
export function BuyPointsDialog({ triggerLabel = "Buy Points", className }: { triggerLabel?: string; className?: string }) {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const [open, setOpen] = useState(false);
  const [intent, setIntent] = useState<(PointsPaymentIntent & { balanceBefore?: number }) | null>(null);
  const [waiting, setWaiting] = useState(false);
  const pagePrice = useSubscriberPagePrice(!!user) ?? RETAIL_CENTS_PER_PAGE;
  const create = useCreatePointsPayment();
  const awaitCredit = useAwaitPointsCredit();
  const form = useForm<z.input<typeof schema>, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: MIN_PURCHASE_DOLLARS },
  });

  const typed = Number(form.watch("amount"));
  const dollars = normalizePurchaseDollars(typed) ?? MIN_PURCHASE_DOLLARS;
  const points = pointsAtPagePrice(dollars, pagePrice);
  const step = (delta: number) =>
    form.setValue("amount", Math.min(MAX_PURCHASE_DOLLARS, Math.max(MIN_PURCHASE_DOLLARS, dollars + delta)), { shouldValidate: true });

  const openDialog = () => {
    if (!user) {
      // A signed-out visitor who acts here is most likely new: Register, with Sign In one tab away.
      navigate(REGISTER_PATH);
      return;
    }
    form.reset({ amount: MIN_PURCHASE_DOLLARS });
    setOpen(true);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const rounded = normalizePurchaseDollars(values.amount) ?? MIN_PURCHASE_DOLLARS;
    form.setValue("amount", rounded);
    try {
      setIntent(await create.mutateAsync(rounded));
      setOpen(false);
    } catch (error) {
      toast({ variant: "destructive", title: "Failed to create payment", description: errorMessage(error) });
    }
  });

  const onPaid = async () => {
    const bought = intent;
    setIntent(null);
    if (!bought) return;
    setWaiting(true);
    const credited = await awaitCredit(bought.balanceBefore);
    setWaiting(false);
    toast(
      credited
        ? {
            variant: "success",
            title: "Points Purchased",
            description: `${formatPoints(bought.points)} were added to your balance.`,
          }
        : { variant: "success", title: "Payment successful", description: "Your points will appear in your balance in a moment." },
    );
  };

  return (
    <>
      <Button onClick={openDialog} disabled={waiting} className={className}>
        {waiting ? <Loader2 className="animate-spin" aria-hidden /> : <Coins aria-hidden />}
        {waiting ? "Adding your points..." : triggerLabel}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Buy Points</DialogTitle>
            <DialogDescription>
              {formatCents(pagePrice)} per 100 points{pagePrice !== RETAIL_CENTS_PER_PAGE ? " at your plan's rate" : ""}. Points never
              expire.
            </DialogDescription>
          </DialogHeader>
          <Form {...form}>
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <FormField
                control={form.control}
                name="amount"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Amount (USD)</FormLabel>
                    <div className="flex items-center gap-2">
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        onClick={() => step(-PURCHASE_STEP_DOLLARS)}
                        disabled={dollars <= MIN_PURCHASE_DOLLARS}
                        aria-label="$10 less"
                      >
                        <Minus />
                      </Button>
                      <div className="relative flex-1">
                        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">$</span>
                        <FormControl>
                          <Input
                            {...field}
                            value={field.value as number | string}
                            onBlur={() => {
                              field.onBlur();
                              form.setValue("amount", normalizePurchaseDollars(Number(field.value)) ?? MIN_PURCHASE_DOLLARS, {
                                shouldValidate: true,
                              });
                            }}
                            type="number"
                            inputMode="numeric"
                            min={MIN_PURCHASE_DOLLARS}
                            step={PURCHASE_STEP_DOLLARS}
                            className="pl-7 text-lg tabular-nums"
                          />
                        </FormControl>
                      </div>
                      <Button type="button" variant="outline" size="icon" onClick={() => step(PURCHASE_STEP_DOLLARS)} aria-label="$10 more">
                        <Plus />
                      </Button>
                    </div>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <div className="rounded-lg bg-muted/50 p-4 text-center" aria-live="polite">
                <p className="text-3xl font-bold tabular-nums" data-testid="points-to-buy">
                  {formatCount(points)}
                </p>
                <p className="text-sm text-muted-foreground">points for {formatCents(dollars * 100)}</p>
              </div>
              <p className="text-xs text-muted-foreground">Amounts are in steps of $10 and rounded down; the minimum is $10.</p>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
                  {create.isPending ? "Preparing..." : "Continue to payment"}
                </Button>
              </DialogFooter>
            </form>
          </Form>
        </DialogContent>
      </Dialog>
      <PaymentOverlay
        open={!!intent}
        clientSecret={intent?.clientSecret ?? null}
        title={intent ? `Buy ${formatPoints(intent.points)}` : "Buy points"}
        description="Pay by card. Your points are added as soon as the payment goes through."
        amountLabel={intent ? formatCents(intent.amount) : undefined}
        onSuccess={onPaid}
        onOpenChange={(next) => !next && setIntent(null)}
      />
    </>
  );
}
