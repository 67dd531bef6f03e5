import { ArrowLeft, Coins } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import type { PaymentRequired } from "../api/prep-render";

const points = (n: number) => (Number.isFinite(n) ? `${n} points` : "—");

/** Shown when POST /api/renders answers 402: what is missing and where to buy points. */
export function CompletePurchase({ payment, renderTitle, onBack }: { payment: PaymentRequired; renderTitle: string; onBack: () => void }) {
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle className="text-xl">Complete Your Purchase</CardTitle>
        <CardDescription>{payment.message}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Render</dt>
            <dd className="truncate font-medium">{renderTitle}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Cost</dt>
            <dd className="tabular-nums">{points(payment.cost)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Your balance</dt>
            <dd className="tabular-nums">{points(payment.balance)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t pt-2">
            <dt className="font-medium">Points needed</dt>
            <dd className="font-semibold text-destructive tabular-nums">{points(payment.shortfall)}</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-muted-foreground">
          Buy points or choose a plan, then come back here to confirm the render.
        </p>
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} className="w-full sm:w-auto">
          <ArrowLeft aria-hidden /> Back
        </Button>
        <Button asChild className="w-full sm:w-auto">
          <Link to="/pricing">
            <Coins aria-hidden /> Buy points
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
