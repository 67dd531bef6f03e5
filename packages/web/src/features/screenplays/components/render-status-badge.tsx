import { Loader2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";

const YELLOW = "bg-yellow-100 text-yellow-900 dark:bg-yellow-500/15 dark:text-yellow-300";
const GREEN = "bg-green-100 text-green-900 dark:bg-green-500/15 dark:text-green-300";
const RED = "bg-red-100 text-red-900 dark:bg-red-500/15 dark:text-red-300";
const BLUE = "bg-blue-100 text-blue-900 dark:bg-blue-500/15 dark:text-blue-300";

/** Spec §4 badge colours: queued and rendering yellow (rendering spins), complete green, failed red, uploading blue. */
export const RENDER_STATUS_TONE: Record<string, string> = {
  queued: YELLOW,
  rendering: YELLOW,
  compiling: YELLOW,
  generating_assets: YELLOW,
  complete: GREEN,
  failed: RED,
  uploading: BLUE,
};

const LABELS: Record<string, string> = {
  descriptions_ready: "Descriptions ready for review",
  generating_assets: "Generating images & audio",
  assets_ready: "Images ready for review",
};

export function renderStatusLabel(status: string): string {
  const label = LABELS[status] ?? status.replace(/_/g, " ");
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export function RenderStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant="secondary" className={cn(RENDER_STATUS_TONE[status], className)} data-status={status}>
      {status === "rendering" && <Loader2 className="size-3 animate-spin" aria-hidden />}
      {renderStatusLabel(status)}
    </Badge>
  );
}
