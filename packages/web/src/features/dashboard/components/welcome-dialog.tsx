import { Sparkles } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { APP_NAME } from "../../../config/env";
import { dismissedBefore, WELCOME_STORAGE_KEY } from "../welcome-seen";
import { formatPoints } from "../../../lib/numbers";

/**
 * docs/product.md#screenplays: shown once when the user has points. Remembered
 * per account on the server (`dismissedAt`, issue 23), and in this browser too
 * so it stays closed while the answer is on its way.
 */
export function WelcomeDialog({
  points,
  dismissedAt,
  onDismiss,
}: {
  points: number;
  dismissedAt?: string | null;
  onDismiss?: () => void;
}) {
  const [open, setOpen] = useState(() => points > 0 && !dismissedAt && !dismissedBefore());

  const dismiss = () => {
    onDismiss?.();
    try {
      localStorage.setItem(WELCOME_STORAGE_KEY, new Date().toISOString());
    } catch {
      // Without storage it may show again next visit; harmless.
    }
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : dismiss())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary sm:mx-0">
            <Sparkles className="size-6" aria-hidden />
          </div>
          <DialogTitle>Welcome to {APP_NAME}!</DialogTitle>
          <DialogDescription>
            You have <span className="font-semibold text-foreground">{formatPoints(points)}</span> to start with. A render costs
            100 points per screenplay page, so that's enough for {Math.floor(points / 100)} page{points >= 200 ? "s" : ""}.
          </DialogDescription>
        </DialogHeader>
        <ol className="grid gap-2 text-sm text-muted-foreground">
          <li>1. Upload a Final Draft (.fdx), Fade In, Fountain or Open Screenplay Format (.xml) file.</li>
          <li>2. Pick a visual style and a voice for each character.</li>
          <li>3. Review descriptions and images, then watch your storyboard.</li>
        </ol>
        <DialogFooter>
          <Button onClick={dismiss}>Let's go</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
