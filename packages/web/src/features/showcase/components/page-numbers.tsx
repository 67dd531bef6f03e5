import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button";

/** Previous, at most five numbered pages around the current one, next (docs/product.md#constants). */
export function PageNumbers({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return (
    <nav aria-label="Showcase pages" className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
        <ChevronLeft />
      </Button>
      {numbers.map((n) => (
        <Button key={n} variant={n === page ? "default" : "outline"} size="sm" className="min-w-9" aria-current={n === page ? "page" : undefined} onClick={() => onPage(n)}>
          {n}
        </Button>
      ))}
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages} aria-label="Next page">
        <ChevronRight />
      </Button>
    </nav>
  );
}
