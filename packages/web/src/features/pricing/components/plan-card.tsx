import { Check, Loader2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCents } from "../../../lib/money";
import { cn } from "../../../lib/utils";
import type { SubscriptionPlan } from "../api/plans";
import type { UserSubscription } from "../api/subscription";
import { type CardAction, cardAction, type Interval, longDate, planFigures, priceIdOf } from "../utils/plan-display";
import { formatPoints } from "../../../lib/numbers";

const ACTION_LABEL: Record<CardAction, string> = {
  subscribe: "Subscribe",
  current: "Current plan",
  upgrade: "Upgrade",
  downgrade: "Downgrade",
  keep: "Keep this plan",
};

interface PlanCardProps {
  plan: SubscriptionPlan;
  interval: Interval;
  current: UserSubscription | null | undefined;
  /** This card's action is under way. */
  busy: boolean;
  /** Some action is under way: the buttons wait. */
  locked: boolean;
  onChoose: (plan: SubscriptionPlan, priceId: string, action: CardAction) => void;
}

/** One plan: price, points, discount off retail, and what choosing it does for this user. */
export function PlanCard({ plan, interval, current, busy, locked, onChoose }: PlanCardProps) {
  const f = planFigures(plan, interval);
  const priceId = priceIdOf(plan, interval);
  const action = cardAction(priceId, current);
  const isCurrent = !!current && current.priceId === priceId;
  const isPending = !!current?.pendingPriceId && current.pendingPriceId === priceId;
  const popular = plan.id === "pro";
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      data-testid={`plan-${plan.id}`}
      className={cn("relative flex flex-col", popular && "border-primary shadow-md", isCurrent && "ring-2 ring-primary")}
    >
      <div className="absolute -top-2.5 left-6 flex gap-2">
        {popular && <Badge>Most Popular</Badge>}
        {isCurrent && <Badge variant="secondary">Your plan</Badge>}
      </div>
      <CardHeader>
        <CardTitle id={titleId}>{plan.name}</CardTitle>
        <CardDescription>
          <span className="text-3xl font-bold text-foreground tabular-nums">{formatCents(f.perMonth)}</span>{" "}
          <span className="whitespace-nowrap">/ month</span>
        </CardDescription>
        <p className="text-xs text-muted-foreground">
          {interval === "year" ? `Billed ${formatCents(plan.annualPrice)} a year (save ${f.annualSavings}%)` : "Billed monthly"}
        </p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-2 text-sm">
        <p className="flex items-center gap-2">
          <Check className="size-4 shrink-0 text-primary" aria-hidden /> {formatPoints(plan.pointsPerMonth)} ({f.pages}{" "}
          {f.pages === 1 ? "page" : "pages"}) a month
        </p>
        <p className="flex items-center gap-2">
          <Check className="size-4 shrink-0 text-primary" aria-hidden /> {formatCents(f.perPage)} per page
          {f.percentOff > 0 && <span className="font-medium text-primary">({f.percentOff}% off retail)</span>}
        </p>
        <p className="flex items-center gap-2">
          <Check className="size-4 shrink-0 text-primary" aria-hidden /> Extra points at your plan's rate
        </p>
        <p className="flex items-center gap-2">
          <Check className="size-4 shrink-0 text-primary" aria-hidden /> Renders hosted while you subscribe
        </p>
        {isCurrent && current && (
          <p className="mt-2 rounded-md bg-muted/60 p-2 text-xs" data-testid="current-plan-note">
            {current.cancelAtPeriodEnd
              ? `Cancelled: ends on ${longDate(current.currentPeriodEnd)}.`
              : current.pendingPlanName
                ? `Changes to ${current.pendingPlanName} on ${longDate(current.currentPeriodEnd)}.`
                : current.status === "past_due"
                  ? "Your last payment did not go through. Please check your card."
                  : `Renews on ${longDate(current.currentPeriodEnd)}.`}
          </p>
        )}
        {isPending && <p className="mt-2 rounded-md bg-muted/60 p-2 text-xs">Starts on {longDate(current?.currentPeriodEnd)}.</p>}
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          variant={action === "current" || action === "downgrade" ? "outline" : "default"}
          disabled={action === "current" || isPending || locked}
          onClick={() => onChoose(plan, priceId, action)}
          aria-label={action === "current" ? `${plan.name}: your current plan` : `${ACTION_LABEL[action]}: ${plan.name}`}
        >
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {isPending ? "Scheduled" : ACTION_LABEL[action]}
        </Button>
      </CardFooter>
    </Card>
  );
}
