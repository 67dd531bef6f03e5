import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";

/** Shown on arrival after creating a render with the descriptions preview on (docs/product.md#renders). */
export function DescriptionsComingSoonDialog({ open, onDismiss }: { open: boolean; onDismiss: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onDismiss()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Descriptions Coming Soon</DialogTitle>
          <DialogDescription>
            We're writing the first character and scene descriptions for your render. Initial descriptions take about 2
            minutes. This page updates by itself: once they're ready you can review and edit them before any images are made.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onDismiss}>Got it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
