import { ACCEPTED_EXTENSIONS, ACCEPTED_EXTENSIONS_TEXT } from "@storyboard/core/screenplay/constants";
import { FilePlus2 } from "lucide-react";
import { useId, useState } from "react";
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
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { errorMessage } from "../../../lib/api";
import { type RevisedDraftResult, useUploadRevisedDraft } from "../api/revisions";
import { RenameMatcher } from "./rename-matcher";

/**
 * 'Upload revised draft': the next version of this screenplay, in any format
 * the first upload takes. Afterwards, characters gone from the draft can be
 * matched to new names so they keep their descriptions and voices.
 */
export function RevisedDraftDialog({ screenplayId, onChanged }: { screenplayId: string; onChanged?: () => void }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<RevisedDraftResult | null>(null);
  const upload = useUploadRevisedDraft(screenplayId, onChanged);
  const inputId = useId();

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setFile(null);
      setResult(null);
      upload.reset();
    }
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <FilePlus2 aria-hidden /> Upload revised draft
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{result ? `Draft ${result.version} uploaded` : "Upload revised draft"}</DialogTitle>
          <DialogDescription>
            {result
              ? "Characters keep their descriptions and voices by name."
              : `The new draft becomes the next version of this screenplay; earlier drafts are kept. ${ACCEPTED_EXTENSIONS_TEXT}.`}
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <RenameMatcher screenplayId={screenplayId} result={result} onChanged={onChanged} />
        ) : (
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (file) upload.mutate(file, { onSuccess: setResult });
            }}
          >
            <div className="flex flex-col gap-2">
              <Label htmlFor={inputId}>Screenplay file</Label>
              <Input id={inputId} type="file" accept={ACCEPTED_EXTENSIONS} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </div>
            {upload.isError && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(upload.error)}
              </p>
            )}
            <DialogFooter>
              <Button type="submit" disabled={!file || upload.isPending}>
                {upload.isPending ? "Uploading…" : "Upload draft"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
