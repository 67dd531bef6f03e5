import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./ui/button";

/** Previous/next paging for short client-side lists. Hidden when everything fits on one page. */
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 pt-2">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeft /> Previous
      </Button>
      <span className="text-xs text-muted-foreground tabular-nums">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next <ChevronRight />
      </Button>
    </nav>
  );
}

export function paginate<T>(items: T[], page: number, size: number): { slice: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { slice: items.slice((current - 1) * size, current * size), pages, page: current };
}
