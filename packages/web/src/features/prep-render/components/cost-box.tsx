import { POINTS_PER_PAGE, renderCost } from "@storyboard/core/render/pricing";
import { AlertTriangle } from "lucide-react";
import { cn } from "../../../lib/utils";
import type { RenderQuote } from "../api/prep-render";
import { formatCount, formatPoints } from "../../../lib/numbers";

/**
 * What the render costs (100 points a page), the balance now and after; never a negative balance (docs/product.md#renders).
 * A render of a later draft that reuses an earlier render pays only for what is new (docs/decisions.md#revised-drafts).
 */
export function CostBox({ pageCount, balance, quote }: { pageCount: number | null; balance: number | undefined; quote?: RenderQuote }) {
  const pages = Math.max(1, Math.ceil(pageCount ?? 1));
  const reusing = quote && quote.reused > 0 && quote.from ? quote : undefined;
  const cost = reusing ? reusing.cost : renderCost(pages);
  const known = typeof balance === "number";
  const after = known ? balance - cost : undefined;
  const short = after !== undefined && after < 0;

  return (
    <section aria-label="Cost" className={cn("rounded-lg border p-4", short ? "border-destructive/50 bg-destructive/5" : "bg-muted/40")}>
      <dl className="grid gap-2 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">
            Render cost
            <span className="block text-xs">
              {pages} {pages === 1 ? "page" : "pages"} × {POINTS_PER_PAGE} points
            </span>
          </dt>
          <dd className="font-semibold whitespace-nowrap tabular-nums" data-testid="render-cost">
            {formatPoints(cost)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">Current balance</dt>
          <dd className="whitespace-nowrap tabular-nums" data-testid="current-balance">
            {known ? formatPoints(balance) : "…"}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t pt-2">
          <dt className="text-muted-foreground">Balance after this render</dt>
          <dd className={cn("font-semibold whitespace-nowrap tabular-nums", short && "text-destructive")} data-testid="balance-after">
            {after === undefined ? "…" : short ? "Not enough points" : formatPoints(after)}
          </dd>
        </div>
      </dl>
      {reusing && (
        <p role="status" className="mt-3 text-sm" data-testid="reuse-notice">
          Reusing {formatCount(reusing.reused)} of {formatCount(reusing.blocks)} blocks from your render of draft{" "}
          {reusing.from!.version} — {formatPoints(reusing.cost)} instead of {formatCount(reusing.fullCost)}
        </p>
      )}
      {short && (
        <p role="alert" className="mt-3 flex items-start gap-2 text-sm text-destructive">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          You need {formatCount(-after)} more points for this render. Confirm to pay for it by card or buy points.
        </p>
      )}
      <p className="mt-3 text-xs text-muted-foreground">The first video of a render is included in its price.</p>
    </section>
  );
}
