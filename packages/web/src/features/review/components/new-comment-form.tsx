import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { RadioGroup, RadioGroupItem } from "../../../components/ui/radio-group";
import { Textarea } from "../../../components/ui/textarea";
import { formatTimecode } from "../../../lib/timecode";
import { REVIEW_LIMITS, type ReviewFrame } from "../api/types";
import { textError } from "../utils/validate";

export type CommentTarget = "frame" | "time";

interface NewCommentFormProps {
  /** The frame picked in the strip, if any. */
  selectedFrame: ReviewFrame | null;
  /** Where the video is now, and the frame it shows there. */
  currentMs: number;
  currentFrame: ReviewFrame | null;
  target: CommentTarget;
  onTargetChange: (target: CommentTarget) => void;
  /** Sends the comment; resolves once it is saved. */
  onSubmit: (comment: { blockId?: string; atMs?: number; text: string }) => Promise<unknown>;
  pending: boolean;
}

/** A new comment on the picked frame or at the video's current time. */
export function NewCommentForm({ selectedFrame, currentMs, currentFrame, target, onTargetChange, onSubmit, pending }: NewCommentFormProps) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const id = useId();
  const onFrame = target === "frame" && selectedFrame;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = textError(text);
    if (problem) return setError(problem);
    // A comment at a time also names the frame on screen then, so it stays with that frame in a new draft.
    const where = onFrame
      ? { blockId: selectedFrame.blockId }
      : { atMs: Math.round(currentMs), ...(currentFrame ? { blockId: currentFrame.blockId } : {}) };
    try {
      await onSubmit({ ...where, text: text.trim() });
      setText("");
    } catch {
      // Either the name is missing (its field says so) or the mutation shows the failure; the text stays.
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="New comment">
      <RadioGroup
        value={onFrame ? "frame" : "time"}
        onValueChange={(value) => onTargetChange(value as CommentTarget)}
        aria-label="Comment on"
        className="flex flex-col gap-2"
      >
        <div className="flex items-center gap-2">
          <RadioGroupItem value="frame" id={`${id}-frame`} disabled={!selectedFrame} />
          <Label htmlFor={`${id}-frame`} className={selectedFrame ? undefined : "text-muted-foreground"}>
            {selectedFrame ? `On ${selectedFrame.label}` : "On a frame (pick one above)"}
          </Label>
        </div>
        <div className="flex items-center gap-2">
          <RadioGroupItem value="time" id={`${id}-time`} />
          <Label htmlFor={`${id}-time`}>At {formatTimecode(currentMs)} in the video</Label>
        </div>
      </RadioGroup>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-text`}>Comment</Label>
        <Textarea
          id={`${id}-text`}
          rows={3}
          maxLength={REVIEW_LIMITS.text}
          value={text}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => (setText(e.target.value), setError(undefined))}
        />
        {error && (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={pending} className="w-full sm:w-fit">
        {pending ? "Sending..." : "Add comment"}
      </Button>
    </form>
  );
}
