import { format } from "date-fns";
import { Copy, Link2Off } from "lucide-react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { useReviewLinks, useRevokeReviewLink } from "../api/owner";
import type { ReviewLink, ReviewLinkStatus } from "../api/types";
import { copyReviewLink } from "../utils/copy-link";
import { decisionText } from "./decision-card";

const STATUS: Record<ReviewLinkStatus, { label: string; variant: "secondary" | "outline" }> = {
  active: { label: "Active", variant: "secondary" },
  revoked: { label: "Revoked", variant: "outline" },
  expired: { label: "Expired", variant: "outline" },
};

const day = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, "MMM d, yyyy");
};

function details(link: ReviewLink): string {
  const expiry = link.status === "revoked" && link.revokedAt ? `Revoked ${day(link.revokedAt)}` : link.expiresAt ? `${link.status === "expired" ? "Expired" : "Expires"} ${day(link.expiresAt)}` : "No expiry";
  const comments = `${link.commentCount} ${link.commentCount === 1 ? "comment" : "comments"}, ${link.openCommentCount} open`;
  return [`Created ${day(link.createdAt)}`, expiry, link.allowDownload ? "Download allowed" : null, comments].filter(Boolean).join(" · ");
}

function RevokeButton({ link, onRevoke, pending }: { link: ReviewLink; onRevoke: () => Promise<unknown>; pending: boolean }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" disabled={pending} aria-label={`Revoke '${link.name}'`}>
          <Link2Off aria-hidden /> Revoke
        </Button>
      }
      title={`Revoke '${link.name}'?`}
      description="The link stops working at once: whoever opens it sees 'This review link is no longer active.' Its comments stay here."
      confirmLabel="Revoke link"
      pendingLabel="Revoking..."
      destructive
      onConfirm={onRevoke}
    />
  );
}

/** The render's review links: status, decision, copy and revoke. */
export function ReviewLinksList({ renderId }: { renderId: string }) {
  const { data: links, isPending, isError, refetch } = useReviewLinks(renderId);
  const revoke = useRevokeReviewLink(renderId);

  if (isPending) return <Skeleton className="h-16 w-full" aria-label="Loading review links" />;
  if (isError) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        The review links could not be loaded.
        <Button variant="outline" size="sm" onClick={() => refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (links.length === 0) return <p className="text-sm text-muted-foreground">No review links yet.</p>;
  return (
    <ul className="flex flex-col divide-y rounded-lg border" aria-label="Review links">
      {links.map((link) => (
        <li key={link.linkId} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between" aria-label={link.name}>
          <div className="flex min-w-0 flex-col gap-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-words">{link.name}</span>
              <Badge variant={STATUS[link.status].variant}>{STATUS[link.status].label}</Badge>
            </p>
            <p className="text-xs text-muted-foreground">{details(link)}</p>
            {link.decision && (
              <p className="text-sm">
                <span className="font-medium">{decisionText(link.decision)}</span>
                {link.decision.note && <span className="break-words whitespace-pre-wrap text-muted-foreground">: {link.decision.note}</span>}
              </p>
            )}
          </div>
          {link.status === "active" && (
            <div className="flex shrink-0 flex-wrap gap-1">
              {link.url && (
                <Button variant="outline" size="sm" onClick={() => copyReviewLink(link.url, link.name)} aria-label={`Copy link '${link.name}'`}>
                  <Copy aria-hidden /> Copy link
                </Button>
              )}
              <RevokeButton link={link} pending={revoke.isPending} onRevoke={() => revoke.mutateAsync(link.linkId)} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
