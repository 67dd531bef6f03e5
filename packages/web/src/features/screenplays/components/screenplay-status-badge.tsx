import { Loader2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";
import type { ScreenplayStatus } from "../api/screenplays";

const STATUS: Record<ScreenplayStatus, { label: string; tone: string }> = {
  uploaded: { label: "Uploaded", tone: "bg-blue-100 text-blue-900 dark:bg-blue-500/15 dark:text-blue-300" },
  parsing: { label: "Processing", tone: "bg-yellow-100 text-yellow-900 dark:bg-yellow-500/15 dark:text-yellow-300" },
  ready: { label: "Ready", tone: "bg-green-100 text-green-900 dark:bg-green-500/15 dark:text-green-300" },
  failed: { label: "Failed", tone: "bg-red-100 text-red-900 dark:bg-red-500/15 dark:text-red-300" },
};

export function ScreenplayStatusBadge({ status, className }: { status: ScreenplayStatus; className?: string }) {
  const { label, tone } = STATUS[status] ?? { label: status, tone: "" };
  return (
    <Badge variant="secondary" className={cn(tone, className)} data-status={status}>
      {(status === "uploaded" || status === "parsing") && <Loader2 className="size-3 animate-spin" aria-hidden />}
      {label}
    </Badge>
  );
}
