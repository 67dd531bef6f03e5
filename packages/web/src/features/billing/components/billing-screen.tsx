import { format } from "date-fns";
import { AlertCircle, CreditCard, Receipt } from "lucide-react";
import { PageHeader } from "../../../components/page-header";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/utils";
import { formatCents } from "../../../lib/money";
import { cardOf, usePaymentMethods, usePayments } from "../api/billing";

function PaymentHistory() {
  const { data, isPending, isError } = usePayments();
  if (isPending) return <Skeleton className="h-32 w-full" />;
  if (isError)
    return (
      <EmptyState
        icon={AlertCircle}
        title="Payment history unavailable"
        description="Your payment history could not be loaded. Refresh the page to try again."
      />
    );
  if (!data.length) {
    return (
      <EmptyState icon={Receipt} title="No payment history" description="Points purchases and subscription payments will appear here." />
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[36rem] text-sm">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th className="px-3 py-2 font-medium">Date</th>
            <th className="px-3 py-2 font-medium">Description</th>
            <th className="px-3 py-2 font-medium">Method</th>
            <th className="px-3 py-2 text-right font-medium">Amount</th>
            <th className="px-3 py-2 font-medium">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {data.map((p) => (
            <tr key={p.id}>
              <td className="px-3 py-2 whitespace-nowrap">{format(new Date(p.createdAt), "MMM d, yyyy")}</td>
              <td className="px-3 py-2">{p.description || "Payment"}</td>
              <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">{p.paymentMethod || "Card"}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCents(p.amount, p.currency)}</td>
              <td className="px-3 py-2">
                <Badge
                  variant="secondary"
                  className={cn(
                    "capitalize",
                    p.status === "paid"
                      ? "bg-green-100 text-green-900 dark:bg-green-500/15 dark:text-green-300"
                      : "bg-yellow-100 text-yellow-900 dark:bg-yellow-500/15 dark:text-yellow-300",
                  )}
                >
                  {p.status.replace(/_/g, " ")}
                </Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PaymentMethods() {
  const { data, isPending, isError } = usePaymentMethods();
  if (isPending) return <Skeleton className="h-20 w-full" />;
  if (isError)
    return (
      <EmptyState
        icon={AlertCircle}
        title="Payment methods unavailable"
        description="Your payment methods could not be loaded. Refresh the page to try again."
      />
    );
  if (!data.length) {
    return <EmptyState icon={CreditCard} title="No payment methods" description="Cards you pay with appear here." />;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {data.map((method) => {
        const card = cardOf(method);
        return (
          <li key={method.id} className="flex items-center gap-3 rounded-lg border p-3">
            <CreditCard className="size-5 text-muted-foreground" aria-hidden />
            <div>
              <p className="font-medium capitalize">
                {card.brand} •••• {card.last4}
              </p>
              <p className="text-xs text-muted-foreground">
                Expires {String(card.exp_month).padStart(2, "0")}/{card.exp_year}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function BillingScreen() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Billing" description="Your payments and saved cards." />
      <Card>
        <CardHeader>
          <CardTitle>Payment history</CardTitle>
          <CardDescription>Every charge for points and subscriptions.</CardDescription>
        </CardHeader>
        <CardContent>
          <PaymentHistory />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Payment methods</CardTitle>
        </CardHeader>
        <CardContent>
          <PaymentMethods />
        </CardContent>
      </Card>
    </div>
  );
}
