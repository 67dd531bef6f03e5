import { AlertCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { PaymentOverlay } from "../../../components/payment/payment-overlay";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/api";
import { formatCents } from "../../../lib/money";
import { useUser } from "../../../lib/user";
import { REGISTER_PATH } from "../../../config/paths";
import { RETAIL_CENTS_PER_PAGE, sortPlans, usePlans, type SubscriptionPlan } from "../api/plans";
import { useRequestKey } from "../api/request-key";
import { useChangePolling, useSubscribe, useUserSubscription } from "../api/subscription";
import { type CardAction, type Interval, longDate, maxAnnualSavings, priceIdOf } from "../utils/plan-display";
import { BillingToggle } from "./billing-toggle";
import { BuyPointsDialog } from "./buy-points-dialog";
import { CancelSubscriptionCard } from "./cancel-subscription";
import { ChangePlanDialog, type PlanChoice } from "./change-plan-dialog";
import { PlanCard } from "./plan-card";
import { PricingFaq } from "./pricing-faq";
import { formatPoints } from "../../../lib/numbers";

interface PendingPayment extends PlanChoice {
  clientSecret: string;
}

/** /pricing (docs/product.md#subscriptions): plans, the current plan, changes, cancellation, retail points and the FAQ. */
export function PricingScreen() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const plans = usePlans();
  const { pollUntil, startPolling } = useChangePolling();
  const subscription = useUserSubscription(!!user, pollUntil);
  const current = user ? (subscription.data?.userSubscription ?? null) : null;
  const [interval, setBillingInterval] = useState<Interval>("month");
  const [choice, setChoice] = useState<PlanChoice | null>(null);
  const [payment, setPayment] = useState<PendingPayment | null>(null);
  const [busyPriceId, setBusyPriceId] = useState<string | null>(null);
  const subscribe = useSubscribe();
  const requestKey = useRequestKey();

  // Open on the current plan's billing period, so the current plan is the one marked.
  const currentInterval = current?.interval;
  useEffect(() => {
    if (currentInterval) setBillingInterval(currentInterval);
  }, [currentInterval]);

  const onChoose = async (plan: SubscriptionPlan, priceId: string, action: CardAction) => {
    if (!user) {
      // A signed-out visitor who acts here is most likely new: Register, with Sign In one tab away.
      navigate(REGISTER_PATH);
      return;
    }
    if (action !== "subscribe") {
      setChoice({ plan, priceId, interval });
      return;
    }
    setBusyPriceId(priceId);
    try {
      const { clientSecret } = await subscribe.mutateAsync({ priceId, requestKey: requestKey.keyFor(`subscribe:${priceId}`) });
      requestKey.settle();
      setPayment({ plan, priceId, interval, clientSecret });
    } catch (error) {
      requestKey.settle(error);
      toast({ variant: "destructive", title: "Failed to create subscription", description: errorMessage(error) });
    } finally {
      setBusyPriceId(null);
    }
  };

  const onPaid = () => {
    const paid = payment;
    setPayment(null);
    startPolling();
    if (paid) {
      toast({
        variant: "success",
        title: "Payment successful",
        description: `Your ${paid.plan.name} plan starts in a moment, with ${formatPoints(paid.plan.pointsPerMonth)}.`,
      });
    }
  };

  const listed = plans.data ? sortPlans(plans.data) : [];
  return (
    <div className="flex flex-col gap-10">
      <header className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Pricing</h1>
        <p className="text-muted-foreground">Pay as you go with points, or subscribe for a lower price per page and points every month.</p>
        <BillingToggle value={interval} onChange={setBillingInterval} savings={plans.data ? maxAnnualSavings(plans.data) : 20} />
        {current && (
          <p className="text-sm" data-testid="current-plan-summary">
            Your plan: <strong>{current.planName}</strong> ({current.interval === "year" ? "annual" : "monthly"}),{" "}
            {formatCents(current.pricePerPage)} per page.{" "}
            {current.cancelAtPeriodEnd
              ? `Ends on ${longDate(current.currentPeriodEnd)}.`
              : `Renews on ${longDate(current.currentPeriodEnd)}.`}
            {current.pendingPlanName && !current.cancelAtPeriodEnd && ` Changes to ${current.pendingPlanName} then.`}
          </p>
        )}
      </header>
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
      <h2 className="sr-only">Plans</h2>
      {/* Columns follow the room the page has, not the window: beside the signed-in sidebar four cards at
          1280 px were too narrow for '$120.00 / month' on one line, and the prices stood at different heights. */}
      <div className="@container">
        {plans.isPending ? (
          <div className="grid gap-6 @xl:grid-cols-2 @5xl:grid-cols-4" role="status" aria-label="Loading plans">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-72 rounded-xl" />
            ))}
          </div>
        ) : plans.isError ? (
          <EmptyState icon={AlertCircle} title="Failed to load subscription plans" description="Please refresh the page to try again." />
        ) : (
          <div
            className={listed.length > 4 ? "grid gap-6 @xl:grid-cols-2 @6xl:grid-cols-5" : "grid gap-6 @xl:grid-cols-2 @5xl:grid-cols-4"}
          >
            {/* The server lists the Test plan to admins only (docs/product.md#roles). */}
            {listed.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                interval={interval}
                current={current}
                busy={busyPriceId === priceIdOf(plan, interval)}
                locked={busyPriceId !== null}
                onChoose={onChoose}
              />
            ))}
          </div>
        )}
      </div>
      <Card className="mx-auto w-full max-w-xl">
        <CardHeader>
          <CardTitle>Retail points</CardTitle>
          <CardDescription>
            {formatCents(current?.pricePerPage ?? RETAIL_CENTS_PER_PAGE)} per 100 points
            {current ? " at your plan's rate" : ""}, enough for one screenplay page. Buy in steps of $10; points never expire.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BuyPointsDialog />
        </CardContent>
      </Card>
      {current && !current.cancelAtPeriodEnd && <CancelSubscriptionCard current={current} onCancelled={startPolling} />}
      <PricingFaq />
      {current && <ChangePlanDialog choice={choice} current={current} onClose={() => setChoice(null)} onChanged={startPolling} />}
      <PaymentOverlay
        open={!!payment}
        clientSecret={payment?.clientSecret ?? null}
        title={payment ? `Subscribe to ${payment.plan.name}` : "Subscribe"}
        description={payment ? `${payment.interval === "year" ? "Billed yearly" : "Billed monthly"}; cancel at any time.` : undefined}
        amountLabel={payment ? formatCents(payment.interval === "year" ? payment.plan.annualPrice : payment.plan.monthlyPrice) : undefined}
        onSuccess={onPaid}
        onOpenChange={(open) => !open && setPayment(null)}
      />
    </div>
  );
}
