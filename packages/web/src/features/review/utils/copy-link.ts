import { toast } from "../../../components/ui/use-toast";

/** The link as the reviewer opens it: the API gives the path, the browser knows the site. */
export const fullReviewUrl = (url: string) => new URL(url, window.location.origin).toString();

/** Copies a review link and says so. */
export async function copyReviewLink(url: string, name: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(fullReviewUrl(url));
    toast({ title: "Link copied", description: `Send it to the person '${name}' is for: no account needed.` });
  } catch {
    toast({ variant: "destructive", title: "Failed to copy", description: "Please try again or copy the link by hand." });
  }
}
