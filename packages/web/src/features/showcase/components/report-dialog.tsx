import { REPORT_REASONS } from "@storyboard/core/catalog/showcase";
import { SHOWCASE_LIMITS, SHOWCASE_MESSAGES } from "@storyboard/core/showcase/limits";
import { Flag } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Textarea } from "../../../components/ui/textarea";
import { useReportEntry } from "../api/showcase";

/** Report an entry to the admins (ours: docs/decisions.md#showcase). */
export function ReportEntryDialog({ showcaseEntryId }: { showcaseEntryId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string>();
  const report = useReportEntry(showcaseEntryId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(SHOWCASE_MESSAGES.reasonRequired);
    try {
      await report.mutateAsync({ reason, message: message.trim() || undefined });
      setOpen(false);
      setReason("");
      setMessage("");
    } catch {
      // The mutation shows the failure.
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (setOpen(next), setError(undefined))}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-muted-foreground">
          <Flag /> Report
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report this showcase</DialogTitle>
          <DialogDescription>An admin reviews every report and can take the entry down.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-2">
            <Label htmlFor="report-reason" data-error={!!error} className="data-[error=true]:text-destructive">
              Reason
            </Label>
            <Select value={reason} onValueChange={(v) => (setReason(v), setError(undefined))}>
              <SelectTrigger id="report-reason" aria-label="Reason" aria-invalid={!!error}>
                <SelectValue placeholder="Select a reason" />
              </SelectTrigger>
              <SelectContent>
                {REPORT_REASONS.map((r) => (
                  <SelectItem key={r.id} value={r.id}>
                    {r.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {error && <p className="text-sm text-destructive">{error}</p>}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="report-message">Details (optional)</Label>
            <Textarea
              id="report-message"
              rows={4}
              maxLength={SHOWCASE_LIMITS.reportMessage}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="submit" variant="destructive" disabled={report.isPending}>
              {report.isPending ? "Sending..." : "Send Report"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
