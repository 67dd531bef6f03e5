import { format } from "date-fns";
import { AlertCircle, ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Coins, History } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "../../../components/page-header";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/utils";
import { LEDGER_PAGE_SIZE, pageWindow, reasonLabel, shortReference, useLedger, usePointsBalance } from "../api/points";
import { formatChange, formatCount } from "../../../lib/numbers";

function Pagination({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (p: number) => void }) {
  if (pages <= 1) return null;
  const from = (page - 1) * LEDGER_PAGE_SIZE + 1;
  const to = Math.min(page * LEDGER_PAGE_SIZE, total);
  return (
    <div className="flex flex-col items-center justify-between gap-3 pt-4 sm:flex-row">
      <p className="text-sm text-muted-foreground">
        Showing {from} to {to} of {total} transactions
      </p>
      <nav aria-label="Transaction pages" className="flex items-center gap-1">
        <Button variant="outline" size="icon" onClick={() => onPage(1)} disabled={page === 1} aria-label="First page">
          <ChevronsLeft />
        </Button>
        <Button variant="outline" size="icon" onClick={() => onPage(page - 1)} disabled={page === 1} aria-label="Previous page">
          <ChevronLeft />
        </Button>
        {pageWindow(page, pages).map((n) => (
          <Button
            key={n}
            variant={n === page ? "default" : "outline"}
            size="icon"
            onClick={() => onPage(n)}
            aria-current={n === page ? "page" : undefined}
          >
            {n}
          </Button>
        ))}
        <Button variant="outline" size="icon" onClick={() => onPage(page + 1)} disabled={page === pages} aria-label="Next page">
          <ChevronRight />
        </Button>
        <Button variant="outline" size="icon" onClick={() => onPage(pages)} disabled={page === pages} aria-label="Last page">
          <ChevronsRight />
        </Button>
      </nav>
    </div>
  );
}

function TransactionHistory() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useLedger(page);
  if (isPending) return <Skeleton className="h-48 w-full" />;
  if (isError) {
    return (
      <EmptyState
        icon={AlertCircle}
        title="Error Loading Points History"
        description="Unable to load your points history. Please try again later."
      />
    );
  }
  if (!data.records.length) {
    return (
      <EmptyState
        icon={History}
        title="No transactions yet"
        description="Your points transaction history will appear here once you make your first purchase or render."
      />
    );
  }
  return (
    <>
      <div className="overflow-x-auto rounded-lg border">
        {/* On a phone the points stay in view: the date takes two short lines and the reference waits for a wider screen. */}
        <table className="w-full text-sm sm:min-w-[40rem]">
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              {["Date", "Type", "Points", "Description", "Reference"].map((h) => (
                <th key={h} className={cn("px-3 py-2 font-medium", h === "Reference" && "hidden sm:table-cell")}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {data.records.map((r) => (
              <tr key={r.id}>
                {/* One date for every width, so a screen reader reads it on a phone too: the time drops to a second line there. */}
                <td className="px-3 py-2">
                  <span className="whitespace-nowrap">{format(new Date(r.createdAt), "MMM d, yyyy")}</span>
                  <span className="hidden sm:inline"> at </span>
                  <br className="sm:hidden" />
                  <span className="text-xs whitespace-nowrap text-muted-foreground sm:text-sm sm:text-foreground">
                    {format(new Date(r.createdAt), "h:mm a")}
                  </span>
                </td>
                <td className="px-3 py-2">
                  <Badge variant="secondary">{reasonLabel(r.reason)}</Badge>
                </td>
                <td
                  className={cn(
                    "px-3 py-2 font-medium tabular-nums",
                    r.delta >= 0 ? "text-green-600 dark:text-green-400" : "text-red-600 dark:text-red-400",
                  )}
                >
                  {formatChange(r.delta)}
                </td>
                <td className="px-3 py-2">{r.comment || "No description"}</td>
                <td className="hidden px-3 py-2 font-mono text-xs text-muted-foreground sm:table-cell">{shortReference(r.referenceId)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pages={data.pagination.pages} total={data.pagination.total} onPage={setPage} />
    </>
  );
}

export function PointsScreen() {
  const balance = usePointsBalance();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Points" description="Points pay for renders. They never expire." />
      <Card className="max-w-sm">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Coins className="size-4 text-primary" aria-hidden /> Current Balance
          </CardTitle>
        </CardHeader>
        <CardContent>
          {balance.isPending ? (
            <Skeleton className="h-9 w-32" />
          ) : balance.isError ? (
            <p className="text-sm text-muted-foreground">Your balance could not be loaded.</p>
          ) : (
            <p className="text-3xl font-bold tabular-nums">
              {formatCount(balance.data)} <span className="text-base font-medium text-muted-foreground">Points</span>
            </p>
          )}
          {/* Where more points come from, from the page that counts them (the walk of issue 23 found none). */}
          <Button asChild variant="outline" size="sm" className="mt-4">
            <Link to="/pricing">Buy points</Link>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Transaction History</CardTitle>
        </CardHeader>
        <CardContent>
          <TransactionHistory />
        </CardContent>
      </Card>
    </div>
  );
}
