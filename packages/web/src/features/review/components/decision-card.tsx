import { CheckCircle2, PencilLine } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { REVIEW_LIMITS, type Decision, type DecisionKind } from "../api/types";

/** 'Approved by Dana' / 'Changes requested by Dana': the same words the writer sees. */
export const decisionText = (decision: Pick<Decision, "decision" | "name">) =>
  decision.decision === "approved" ? `Approved by ${decision.name}` : `Changes requested by ${decision.name}`;

interface DecisionCardProps {
  decision: Decision | null;
  /** Sends the decision; resolves once it is saved. */
  onDecide: (decision: DecisionKind, note: string) => Promise<unknown>;
  pending: boolean;
}

/** The end of a review: 'Approve' or 'Request changes', with a note. A later decision replaces the earlier one. */
export function DecisionCard({ decision, onDecide, pending }: DecisionCardProps) {
  const [note, setNote] = useState("");
  const id = useId();

  const decide = async (kind: DecisionKind) => {
    try {
      await onDecide(kind, note.trim());
      setNote("");
    } catch {
      // The name field or a toast says what went wrong; the note stays.
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your decision</CardTitle>
        <CardDescription>When you have looked through it, approve the storyboard or ask for changes.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {decision && (
          <div role="status" className="flex flex-col gap-1 rounded-md border bg-muted/40 px-3 py-2 text-sm">
            <p className="flex items-center gap-2 font-medium">
              {decision.decision === "approved" ? (
                <CheckCircle2 aria-hidden className="size-4 text-success" />
              ) : (
                <PencilLine aria-hidden className="size-4 text-amber-600 dark:text-amber-400" />
              )}
              {decisionText(decision)}
            </p>
            {decision.note && <p className="break-words whitespace-pre-wrap text-muted-foreground">{decision.note}</p>}
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-note`}>Note (optional)</Label>
          <Textarea id={`${id}-note`} rows={3} maxLength={REVIEW_LIMITS.note} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="button" disabled={pending} onClick={() => decide("approved")}>
            <CheckCircle2 aria-hidden /> Approve
          </Button>
          <Button type="button" variant="outline" disabled={pending} onClick={() => decide("changes_requested")}>
            <PencilLine aria-hidden /> Request changes
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
