import { Link2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";

/** Copies the entry's share link; pasted into a chat it shows a rich preview (docs/decisions.md#showcase). */
export function CopyLinkButton({ showcaseEntryId }: { showcaseEntryId: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/showcase/${showcaseEntryId}`);
      toast({ title: "Link copied", description: "Paste it anywhere to share this storyboard." });
    } catch {
      toast({ variant: "destructive", title: "Failed to copy", description: "Please try again or copy the link manually." });
    }
  };
  return (
    <Button variant="outline" onClick={copy}>
      <Link2 /> Copy link
    </Button>
  );
}
