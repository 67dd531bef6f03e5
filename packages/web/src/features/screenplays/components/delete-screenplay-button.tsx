import { Trash2 } from "lucide-react";
import { useNavigate } from "react-router-dom";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/api";
import { useDeleteScreenplay } from "../api/mutations";

/** Asks first; on success the user goes to the dashboard (docs/product.md#screenplays Screenplay detail). */
export function DeleteScreenplayButton({ id, title }: { id: string; title: string }) {
  const navigate = useNavigate();
  const remove = useDeleteScreenplay(id, { onDeleted: () => navigate("/dashboard") });

  const confirm = async () => {
    try {
      await remove.mutateAsync();
      toast({ title: "Success", description: `“${title}” was deleted.` });
    } catch (error) {
      toast({ variant: "destructive", title: "Failed to delete screenplay", description: errorMessage(error) });
    }
  };

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden /> Delete Screenplay
        </Button>
      }
      title="Delete this screenplay?"
      description={<>“{title}” and its uploaded file will be removed for good. This cannot be undone.</>}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      onConfirm={confirm}
    />
  );
}
