import { AlertCircle, Check } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/utils";
import { BuyPointsDialog } from "./buy-points-dialog";
import { RETAIL_CENTS_PER_PAGE, sortPlans, usePlans, type SubscriptionPlan } from "../api/plans";

const usd = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

function PlanCard({ plan }: { plan: SubscriptionPlan }) {
  const pages = Math.floor(plan.pointsPerMonth / 100);
  const perPage = pages > 0 ? Math.round(plan.monthlyPrice / pages) : 0;
  const discount = perPage > 0 ? Math.round((1 - perPage / RETAIL_CENTS_PER_PAGE) * 100) : 0;
  const popular = plan.name.toLowerCase() === "pro";
  return (
    <Card className={cn("relative", popular && "border-primary shadow-md")}>
      {popular && <Badge className="absolute -top-2.5 left-6">Most Popular</Badge>}
      <CardHeader>
        <CardTitle>{plan.name}</CardTitle>
        <CardDescription>
          <span className="text-3xl font-bold text-foreground">{usd(plan.monthlyPrice)}</span> / month
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <p className="flex items-center gap-2">
          <Check className="size-4 text-primary" aria-hidden /> {plan.pointsPerMonth.toLocaleString()} points ({pages} pages) a month
        </p>
        {discount > 0 && (
          <p className="flex items-center gap-2">
            <Check className="size-4 text-primary" aria-hidden /> {discount}% off retail
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** /pricing: plans and retail points. */
export function PricingScreen() {
  const { data, isPending, isError } = usePlans();
  return (
    <div className="flex flex-col gap-8">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Pricing</h1>
        <p className="mt-3 text-muted-foreground">
          Pay as you go with points, or subscribe for a lower price per page. Save up to 20% with annual billing.
        </p>
      </header>
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
      <h2 className="sr-only">Plans</h2>
      {isPending ? (
        <div className="grid gap-6 md:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : isError ? (
        <EmptyState icon={AlertCircle} title="Failed to load subscription plans" description="Please refresh the page to try again." />
      ) : (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {/* The server lists the Test plan to admins only (docs/product.md#roles). */}
          {sortPlans(data).map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      )}
      <Card className="mx-auto w-full max-w-xl">
        <CardHeader>
          <CardTitle>Retail points</CardTitle>
          <CardDescription>
            {usd(RETAIL_CENTS_PER_PAGE)} per 100 points, enough for one screenplay page. Buy in steps of $10; points never expire.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BuyPointsDialog />
        </CardContent>
      </Card>
    </div>
  );
}
