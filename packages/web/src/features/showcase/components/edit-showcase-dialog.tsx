import { Pencil } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../../../components/ui/dialog";
import { useEditShowcaseEntry, type ShowcaseEntry } from "../api/showcase";
import { ShowcaseForm } from "./showcase-form";

/** Edit Showcase (owner only): the promotion form's fields plus visibility. */
export function EditShowcaseDialog({ entry, mediaPrefix }: { entry: ShowcaseEntry & { thumbnailOptions?: string[] }; mediaPrefix?: string }) {
  const [open, setOpen] = useState(false);
  const edit = useEditShowcaseEntry(entry.id);
  const images = (entry.thumbnailOptions ?? []).filter((i) => i !== entry.posterUrl);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil /> Edit Showcase
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Showcase</DialogTitle>
          <DialogDescription>Changes show on the showcase at once.</DialogDescription>
        </DialogHeader>
        <ShowcaseForm
          defaultValues={{
            title: entry.title,
            logline: entry.logline ?? "",
            genre: entry.genre ?? "",
            subgenres: entry.subgenres ?? [],
            tags: entry.tags ?? [],
            displayName: entry.displayName ?? "",
            thumbnailUrl: entry.thumbnailUrl && entry.thumbnailUrl !== entry.posterUrl ? entry.thumbnailUrl : null,
            isPublic: entry.isPublic !== false,
          }}
          images={images}
          mediaPrefix={mediaPrefix}
          showVisibility
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          pending={edit.isPending}
          onCancel={() => setOpen(false)}
          onSubmit={async (values) => {
            try {
              await edit.mutateAsync({ ...values, thumbnailUrl: values.thumbnailUrl ?? null });
              setOpen(false);
            } catch {
              // The mutation shows 'Failed to update showcase entry'.
            }
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
