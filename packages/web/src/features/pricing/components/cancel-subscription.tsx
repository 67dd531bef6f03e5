import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/api";
import { useRequestKey } from "../api/request-key";
import { useCancelSubscription, type UserSubscription } from "../api/subscription";
import { longDate } from "../utils/plan-display";

/** The cancel card and its dialog (docs/product.md#subscriptions): ends at the period's end, points stay, checkbox required. */
export function CancelSubscriptionCard({ current, onCancelled }: { current: UserSubscription; onCancelled: () => void }) {
  const [open, setOpen] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const cancel = useCancelSubscription();
  const requestKey = useRequestKey();
  const end = longDate(current.currentPeriodEnd);

  const confirm = async () => {
    try {
      await cancel.mutateAsync(requestKey.keyFor("cancel"));
      requestKey.settle();
      toast({ variant: "success", title: "Subscription Cancelled", description: `Your ${current.planName} plan ends on ${end}.` });
      setOpen(false);
      onCancelled();
    } catch (error) {
      requestKey.settle(error);
      toast({ variant: "destructive", title: "Failed to cancel subscription", description: errorMessage(error) });
    }
  };

  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle>Cancel subscription</CardTitle>
        <CardDescription>
          Your {current.planName} plan stays until {end}. The points you have stay yours; the plan's price per page ends with the period.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          className="border-destructive/50 text-destructive hover:bg-destructive/10"
          onClick={() => {
            setAgreed(false);
            setOpen(true);
          }}
        >
          Cancel subscription
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Cancel your subscription?</DialogTitle>
            <DialogDescription>
              You keep {current.planName} until {end}, then you pay retail prices. You will not be charged again.
            </DialogDescription>
          </DialogHeader>
          <div className="flex items-start gap-3">
            <Checkbox id="confirm-cancel" checked={agreed} onCheckedChange={(v) => setAgreed(v === true)} />
            <Label htmlFor="confirm-cancel" className="text-sm leading-snug font-normal">
              I understand that I lose my subscription discount at the end of the current billing period. My purchased points remain.
            </Label>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Keep subscription
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={!agreed || cancel.isPending}>
              {cancel.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Cancel subscription
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
