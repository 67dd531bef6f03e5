import { Loader2, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
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
} from "../../../components/ui/alert-dialog";
import { Button, buttonVariants } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/api";
import { useDeleteScreenplay } from "../api/mutations";

/** Asks first; on success the user goes to the dashboard (docs/product.md#screenplays Screenplay detail). */
export function DeleteScreenplayButton({ id, title }: { id: string; title: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteScreenplay(id, { onDeleted: () => navigate("/dashboard") });

  const confirm = async () => {
    try {
      await remove.mutateAsync();
      toast({ title: "Success", description: `“${title}” was deleted.` });
    } catch (error) {
      setOpen(false);
      toast({ variant: "destructive", title: "Failed to delete screenplay", description: errorMessage(error) });
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden /> Delete Screenplay
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this screenplay?</AlertDialogTitle>
          <AlertDialogDescription>
            “{title}” and its uploaded file will be removed for good. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            disabled={remove.isPending}
            onClick={(event) => {
              // Keep the dialog open until the server answers.
              event.preventDefault();
              void confirm();
            }}
          >
            {remove.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {remove.isPending ? "Deleting..." : "Delete"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
