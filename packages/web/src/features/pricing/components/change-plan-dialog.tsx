import { planChange } from "@storyboard/core/billing/plan-change";
import { AlertCircle, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { ApiError, errorMessage } from "../../../lib/api";
import { formatCents } from "../../../lib/money";
import type { SubscriptionPlan } from "../api/plans";
import { useRequestKey } from "../api/request-key";
import { useChangeEstimate, useChangeSubscription, type UserSubscription } from "../api/subscription";
import { longDate } from "../utils/plan-display";
import { formatChange } from "../../../lib/numbers";

export interface PlanChoice {
  plan: SubscriptionPlan;
  priceId: string;
  interval: "month" | "year";
}

interface ChangePlanDialogProps {
  choice: PlanChoice | null;
  current: UserSubscription;
  onClose: () => void;
  onChanged: () => void;
}

/**
 * The upgrade/downgrade dialog (docs/product.md#subscriptions): Stripe's
 * estimate of today's charge, when the change applies, and a confirmation
 * checkbox that must be ticked to continue.
 */
export function ChangePlanDialog({ choice, current, onClose, onChanged }: ChangePlanDialogProps) {
  const [agreed, setAgreed] = useState(false);
  const estimate = useChangeEstimate(choice?.priceId ?? null);
  const change = useChangeSubscription();
  const requestKey = useRequestKey();
  useEffect(() => setAgreed(false), [choice?.priceId]);

  const data = estimate.data;
  // The same rule the server applies, so the dialog is titled before the estimate arrives.
  const direction = choice ? planChange(current.priceId, choice.priceId) : null;
  const upgrade = direction === "upgrade";
  const keep = direction === "same";
  const target = choice ? `${choice.plan.name} (${choice.interval === "month" ? "monthly" : "annual"})` : "";
  // The same plan billed another way is a switch of billing, not an upgrade to itself (issue 23).
  const billingSwitch = !!choice && !keep && choice.plan.id === current.planId && choice.interval !== current.interval;
  const billed = (interval: "month" | "year" | null) => (interval === "year" ? "billed annually" : "billed monthly");
  const title = billingSwitch
    ? `Switch to ${choice.interval === "year" ? "annual" : "monthly"} billing`
    : upgrade
      ? `Upgrade to ${choice?.plan.name}`
      : keep
        ? `Keep ${current.planName}`
        : `Downgrade to ${choice?.plan.name}`;
  const summary = billingSwitch
    ? `${current.planName}, ${billed(current.interval)}, becomes ${choice.plan.name}, ${billed(choice.interval)}.`
    : `From ${current.planName} to ${target}.`;

  const confirm = async () => {
    if (!choice || !data) return;
    try {
      await change.mutateAsync({
        priceId: choice.priceId,
        prorationDate: data.prorationDate,
        requestKey: requestKey.keyFor(`change:${choice.priceId}:${data.prorationDate}`),
      });
      requestKey.settle();
      toast({
        variant: "success",
        title: "Subscription Updated",
        description: upgrade
          ? `You are now on ${target}.`
          : keep
            ? `You stay on ${current.planName}.`
            : `Your plan changes to ${target} on ${longDate(data.effectiveAt)}.`,
      });
      onChanged();
      onClose();
    } catch (error) {
      requestKey.settle(error);
      toast({ variant: "destructive", title: "Failed to update subscription", description: errorMessage(error) });
    }
  };

  return (
    <Dialog open={!!choice} onOpenChange={(open) => !open && !change.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{summary}</DialogDescription>
        </DialogHeader>
        {estimate.isPending ? (
          <div role="status" aria-label="Loading the estimate" className="flex flex-col gap-2">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        ) : estimate.isError ? (
          <div role="alert" className="flex items-start gap-2 rounded-md border border-destructive/50 p-3 text-sm text-destructive">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Failed to get upgrade estimate. Please try again.
              {/* A refusal the user can act on (a payment past due) is worth saying too. */}
              {estimate.error instanceof ApiError && estimate.error.status < 500 && estimate.error.serverMessage && (
                <span className="mt-1 block">{estimate.error.serverMessage}</span>
              )}
            </span>
          </div>
        ) : data && data.change === "upgrade" ? (
          <div className="rounded-lg bg-muted/50 p-4">
            <p className="text-sm text-muted-foreground">Charged today</p>
            <div className="flex items-baseline justify-between gap-4">
              <p className="text-3xl font-bold tabular-nums" data-testid="upgrade-estimate">
                {formatCents(data.estimate)}
              </p>
              <p className="text-sm font-medium tabular-nums" data-testid="upgrade-points">
                {data.points ? `${formatChange(data.points)} points` : "No new points"}
              </p>
            </div>
            <p className="mt-2 text-sm text-muted-foreground">
              {choice?.interval === "year" && current.interval === "month"
                ? "Your annual plan starts today and runs for a year. The unused part of this month comes off the price, and its points off the first annual month's."
                : "The change applies now. You pay the difference for the rest of this period."}
            </p>
          </div>
        ) : (
          <div className="rounded-lg bg-muted/50 p-4 text-sm">
            {keep
              ? `Your pending change is dropped and ${current.planName} continues. Nothing is charged.`
              : `Nothing is charged today. Your plan changes to ${target} on ${longDate(data?.effectiveAt)}; until then you keep ${current.planName}.`}
          </div>
        )}
        <div className="flex items-start gap-3">
          <Checkbox id="confirm-plan-change" checked={agreed} onCheckedChange={(v) => setAgreed(v === true)} disabled={!data} />
          <Label htmlFor="confirm-plan-change" className="text-sm leading-snug font-normal">
            {upgrade
              ? `I understand that ${formatCents(data?.estimate ?? 0)} will be charged to my card today.`
              : "I understand when this change takes effect."}
          </Label>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!agreed || !data || change.isPending}>
            {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {upgrade ? "Confirm upgrade" : keep ? "Keep plan" : "Confirm change"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
