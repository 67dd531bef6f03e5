import { Copy, Share2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { useCreateReviewLink } from "../api/owner";
import { REVIEW_LIMITS, type ReviewLink } from "../api/types";
import { copyReviewLink, fullReviewUrl } from "../utils/copy-link";

interface FormErrors {
  name?: string;
  expiresInDays?: string;
}

function validate(name: string, days: string): FormErrors {
  const errors: FormErrors = {};
  const trimmed = name.trim();
  if (!trimmed) errors.name = "Give the link a name, such as 'For Dana'.";
  else if (trimmed.length > REVIEW_LIMITS.name) errors.name = `A name can be at most ${REVIEW_LIMITS.name} characters.`;
  const n = Number(days);
  if (days.trim() && (!Number.isInteger(n) || n < 1 || n > REVIEW_LIMITS.expiresInDays)) {
    errors.expiresInDays = `Enter a whole number of days from 1 to ${REVIEW_LIMITS.expiresInDays}, or leave it empty.`;
  }
  return errors;
}

/** 'Share for review': a private link for one person, with an optional expiry and download. */
export function ShareReviewDialog({ renderId }: { renderId: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [days, setDays] = useState("");
  const [allowDownload, setAllowDownload] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [created, setCreated] = useState<ReviewLink | null>(null);
  const create = useCreateReviewLink(renderId);
  const id = useId();

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setName("");
      setDays("");
      setAllowDownload(false);
      setErrors({});
      setCreated(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(name, days);
    setErrors(found);
    if (found.name || found.expiresInDays) return;
    try {
      setCreated(await create.mutateAsync({ name: name.trim(), allowDownload, expiresInDays: days.trim() ? Number(days) : null }));
    } catch {
      // The mutation shows the failure; the form keeps what was typed.
    }
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button>
          <Share2 aria-hidden /> Share for review
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{created ? "Review link ready" : "Share for review"}</DialogTitle>
          <DialogDescription>
            {created
              ? `Send this link to the person '${created.name}' is for. They can watch, comment and approve without an account.`
              : "A private link to this render: whoever has it can watch, comment on frames and approve. You can revoke it at any time."}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="flex flex-col gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-url`}>Review link</Label>
              <Input id={`${id}-url`} readOnly value={fullReviewUrl(created.url)} onFocus={(e) => e.currentTarget.select()} />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => reset(false)}>
                Done
              </Button>
              <Button onClick={() => copyReviewLink(created.url, created.name)}>
                <Copy aria-hidden /> Copy link
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-name`}>Name</Label>
              <Input
                id={`${id}-name`}
                placeholder="For Dana"
                maxLength={REVIEW_LIMITS.name}
                value={name}
                aria-invalid={!!errors.name}
                aria-describedby={errors.name ? `${id}-name-error` : undefined}
                onChange={(e) => setName(e.target.value)}
              />
              {errors.name && (
                <p id={`${id}-name-error`} className="text-sm text-destructive">
                  {errors.name}
                </p>
              )}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-days`}>Expires after (days, optional)</Label>
              <Input
                id={`${id}-days`}
                inputMode="numeric"
                placeholder="Never"
                value={days}
                aria-invalid={!!errors.expiresInDays}
                aria-describedby={`${id}-days-hint`}
                onChange={(e) => setDays(e.target.value)}
                className="w-32"
              />
              <p id={`${id}-days-hint`} className={errors.expiresInDays ? "text-sm text-destructive" : "text-xs text-muted-foreground"}>
                {errors.expiresInDays ?? `From 1 to ${REVIEW_LIMITS.expiresInDays} days; empty keeps the link open until you revoke it.`}
              </p>
            </div>
            <div className="flex items-center justify-between gap-4">
              <Label htmlFor={`${id}-download`}>Allow download</Label>
              <Switch id={`${id}-download`} checked={allowDownload} onCheckedChange={setAllowDownload} />
            </div>
            <DialogFooter>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? "Creating..." : "Create link"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
