import { moderationReportText } from "@storyboard/core/moderation/report";
import { AlertTriangle, Download, ShieldAlert } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { cn } from "../../../lib/utils";
import {
  categoryLabel,
  moderationReportFileName,
  moderationVerdict,
  summarizeModeration,
  type ModerationReport,
} from "../utils/moderation-report";

interface ModerationDialogProps {
  report: ModerationReport | null;
  fileName?: string;
  onClose: () => void;
  /** 'Try Again with Modified Content': close this and reopen a fresh upload dialog. */
  onTryAgain: () => void;
}

function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** docs/product.md#errors Upload 403: the 'Content Policy Violation' dialog with the moderation report. */
export function ModerationDialog({ report, fileName, onClose, onTryAgain }: ModerationDialogProps) {
  const summary = report ? summarizeModeration(report) : null;
  const blocked = report ? !report.canProceed : false;

  return (
    <Dialog open={!!report} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" showClose={false}>
        <DialogHeader className="text-left">
          <div className="flex flex-wrap items-center gap-2">
            <ShieldAlert className={cn("size-5", blocked ? "text-destructive" : "text-yellow-600")} aria-hidden />
            <DialogTitle>Content Policy Violation</DialogTitle>
          </div>
          {report && (
            <Badge
              className={cn(
                "w-fit",
                blocked
                  ? "bg-destructive text-destructive-foreground"
                  : "border-transparent bg-yellow-100 text-yellow-900 dark:bg-yellow-500/15 dark:text-yellow-300",
              )}
            >
              {moderationVerdict(report)}
            </Badge>
          )}
          <DialogDescription>
            {blocked
              ? "This screenplay contains content that our content policy does not allow, so it was not uploaded."
              : "Parts of this screenplay were flagged. Review them before you continue."}
          </DialogDescription>
        </DialogHeader>

        {report && summary && (
          <div className="grid min-w-0 gap-4">
            <section aria-label="Summary" className="grid gap-3 rounded-lg border p-4">
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <p className="text-xs text-muted-foreground">Blocking sections</p>
                  <p className="text-2xl font-semibold tabular-nums" data-testid="blocking-count">
                    {summary.blocking}
                  </p>
                </div>
                <div>
                  <p className="text-xs text-muted-foreground">Warning sections</p>
                  <p className="text-2xl font-semibold tabular-nums" data-testid="warning-count">
                    {summary.warnings}
                  </p>
                </div>
              </div>
              {summary.categories.length > 0 && (
                <ul aria-label="Flagged categories" className="flex flex-wrap gap-2">
                  {summary.categories.map(([category, count]) => (
                    <li key={category}>
                      <Badge variant="secondary">
                        {categoryLabel(category)}: {count}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section aria-label="Flagged sections" className="grid gap-2">
              <h4 className="text-sm font-medium">Flagged sections</h4>
              <ol className="grid gap-2 sm:max-h-64 sm:overflow-y-auto sm:pr-1">
                {report.flaggedSections.map((section, i) => (
                  <li key={`${section.blockId ?? ""}-${i}`} className="grid gap-1.5 rounded-lg border p-3">
                    <div className="flex flex-wrap items-center gap-1.5">
                      <Badge
                        className={cn(
                          section.level === "block"
                            ? "bg-destructive text-destructive-foreground"
                            : "border-transparent bg-yellow-100 text-yellow-900 dark:bg-yellow-500/15 dark:text-yellow-300",
                        )}
                      >
                        {section.level === "block" ? <ShieldAlert className="size-3" aria-hidden /> : <AlertTriangle className="size-3" aria-hidden />}
                        {section.level === "block" ? "Blocking" : "Warning"}
                      </Badge>
                      {section.categories.map((category) => (
                        <Badge key={category} variant="outline">
                          {categoryLabel(category)}
                        </Badge>
                      ))}
                    </div>
                    <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">{section.text}</p>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        )}

        <DialogFooter className="gap-2 sm:flex-wrap">
          <Button variant="outline" onClick={() => report && downloadText(moderationReportText(report), moderationReportFileName(fileName))}>
            <Download aria-hidden /> Download report
          </Button>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onTryAgain}>Try Again with Modified Content</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
