import { Loader2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./ui/alert-dialog";
import { buttonVariants } from "./ui/button";

interface ConfirmDialogProps {
  /** The button that opens it (rendered as the trigger itself). */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** Said on the confirm button while `onConfirm` runs ('Deleting...'). */
  pendingLabel?: string;
  /** A destructive action: the confirm button is red. */
  destructive?: boolean;
  /**
   * The action. The dialog stays open, its buttons disabled, until it settles, then closes. It reports
   * its own failure (a toast): a rejection only closes the dialog.
   */
  onConfirm: () => Promise<unknown>;
}

/** 'Are you sure?' before an action that cannot be taken back: one look and one behaviour everywhere. */
export function ConfirmDialog({ trigger, title, description, confirmLabel, pendingLabel, destructive, onConfirm }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // Said by the action itself (see onConfirm).
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={destructive ? buttonVariants({ variant: "destructive" }) : undefined}
            disabled={busy}
            onClick={(event) => {
              // Keep the dialog open until the server answers.
              event.preventDefault();
              void confirm();
            }}
          >
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {busy && pendingLabel ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
