import { Loader2 } from "lucide-react";
import { Badge } from "./ui/badge";
import { cn } from "../lib/utils";
import { renderStatusLabel, renderStatusTone, STATUS_TONE_CLASSES } from "../lib/render-status";

/** docs/product.md#renders: queued/rendering yellow (rendering spins), complete green, failed red, uploading blue. */
export function RenderStatusBadge({ status, className }: { status: string; className?: string }) {
  const tone = renderStatusTone(status);
  return (
    <Badge variant="secondary" className={cn(STATUS_TONE_CLASSES[tone], className)} data-status={status} data-tone={tone}>
      {status === "rendering" && <Loader2 className="size-3 animate-spin" aria-hidden data-testid="status-spinner" />}
      {renderStatusLabel(status)}
    </Badge>
  );
}
