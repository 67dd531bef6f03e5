import { AlertCircle, Loader2 } from "lucide-react";
import type { Screenplay } from "../api/screenplays";

/** While parsing runs (the page polls) or after it failed: what is going on, in words. */
export function ScreenplayProcessing({ screenplay }: { screenplay: Pick<Screenplay, "status" | "failureReason"> }) {
  if (screenplay.status === "failed") {
    return (
      <div role="alert" className="flex gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4">
        <AlertCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        <div className="min-w-0">
          <p className="font-medium text-destructive">This screenplay could not be processed</p>
          <p className="mt-1 text-sm break-words text-muted-foreground">
            {screenplay.failureReason || "The file could not be read as a screenplay."}
          </p>
          <p className="mt-2 text-sm text-muted-foreground">Check the file and upload it again.</p>
        </div>
      </div>
    );
  }
  if (screenplay.status !== "uploaded" && screenplay.status !== "parsing") return null;
  return (
    <div role="status" className="flex gap-3 rounded-xl border bg-muted/40 p-4">
      <Loader2 className="mt-0.5 size-5 shrink-0 animate-spin text-primary" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium">Processing your screenplay...</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {screenplay.status === "uploaded"
            ? "Uploaded. Waiting for processing to start."
            : "Reading the scenes and characters. This usually takes a few seconds."}
        </p>
        <div className="mt-3 h-1.5 w-full overflow-hidden rounded-full bg-primary/15" aria-hidden>
          <div className={screenplay.status === "uploaded" ? "h-full w-1/4 rounded-full bg-primary" : "h-full w-2/3 animate-pulse rounded-full bg-primary"} />
        </div>
      </div>
    </div>
  );
}
