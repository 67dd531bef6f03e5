import { Clapperboard } from "lucide-react";
import { Link } from "react-router-dom";
import { APP_NAME } from "../../config/env";
import { cn } from "../../lib/utils";

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      // The name is hidden on narrow phones; the link keeps it for screen readers.
      aria-label={`${APP_NAME} home`}
      className={cn("flex items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50", className)}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Clapperboard className="size-4.5" aria-hidden />
      </span>
      <span className="hidden text-lg min-[420px]:inline">{APP_NAME}</span>
    </Link>
  );
}
