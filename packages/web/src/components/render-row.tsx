import { styleName } from "@storyboard/core/catalog/styles";
import { format } from "date-fns";
import { CheckCircle2, Film, PencilLine } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { cn } from "../lib/utils";
import { RenderStatusBadge } from "./render-status-badge";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { EmptyState } from "./ui/empty-state";
import { Skeleton } from "./ui/skeleton";

export interface RenderRowItem {
  id: string;
  title: string;
  style: string;
  status: string;
  createdAt?: string | null;
  /** The latest decision over the render's review links (issue 28); absent or null without one. */
  review?: { decision: "approved" | "changes_requested"; name: string } | null;
}

/** 'Approved by Dana' / 'Changes requested': what the render's reviewers last decided. */
function ReviewDecisionBadge({ review }: { review: NonNullable<RenderRowItem["review"]> }) {
  return review.decision === "approved" ? (
    <Badge variant="outline" className="border-success/50 text-success">
      <CheckCircle2 aria-hidden className="size-3" /> Approved by {review.name}
    </Badge>
  ) : (
    <Badge variant="outline" className="border-amber-500/50 text-amber-700 dark:text-amber-400">
      <PencilLine aria-hidden className="size-3" /> Changes requested
    </Badge>
  );
}

const createdOn = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? format(date, "MMM d, yyyy") : "";
};

/** One render in a list: title, style and date, status badge; opens the render. `mobileTitle` replaces the title on phones. */
export function RenderRow({ render, mobileTitle }: { render: RenderRowItem; mobileTitle?: string }) {
  return (
    <li>
      <Link
        to={`/renders/${render.id}`}
        className="flex flex-col items-start gap-2 p-3 outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
      >
        <div className="w-full min-w-0 sm:w-auto">
          <p className="font-medium break-words sm:truncate" title={render.title}>
            {mobileTitle ? (
              <>
                <span className="sm:hidden">{mobileTitle}</span>
                <span className="hidden sm:inline">{render.title}</span>
              </>
            ) : (
              render.title
            )}
          </p>
          <p className="text-xs text-muted-foreground">{[styleName(render.style), createdOn(render.createdAt)].filter(Boolean).join(" · ")}</p>
        </div>
        <span className="flex shrink-0 flex-wrap items-center gap-2">
          {render.review && <ReviewDecisionBadge review={render.review} />}
          <RenderStatusBadge status={render.status} className="shrink-0" />
        </span>
      </Link>
    </li>
  );
}

interface RenderListProps {
  renders: RenderRowItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** What an empty list shows (the wording differs by screen). */
  empty: { description: string; action?: ReactNode };
  /** Phone titles, e.g. cut to 25 characters on the dashboard. */
  mobileTitle?: (title: string) => string;
  className?: string;
}

/** A list of renders with its loading, error and empty states. */
export function RenderList({ renders, isPending, isError, onRetry, empty, mobileTitle, className }: RenderListProps) {
  if (isPending) {
    return (
      <div className={cn("flex flex-col gap-2", className)} aria-label="Loading renders" aria-busy>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (isError || !renders) {
    return (
      <EmptyState
        className={className}
        title="The renders could not be loaded."
        action={
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!renders.length) return <EmptyState className={className} icon={Film} title="No renders yet" description={empty.description} action={empty.action} />;
  return (
    <ul className="flex flex-col divide-y rounded-lg border" aria-label="Renders">
      {renders.map((r) => (
        <RenderRow key={r.id} render={r} mobileTitle={mobileTitle?.(r.title)} />
      ))}
    </ul>
  );
}
