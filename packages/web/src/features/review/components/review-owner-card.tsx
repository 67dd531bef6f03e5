import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ReviewCommentsPanel } from "./review-comments-panel";
import { ReviewLinksList } from "./review-links-list";
import { ShareReviewDialog } from "./share-review-dialog";

/**
 * The owner's side of review links on a finished render (docs/decisions.md#review-links-on-the-web-issue-28): share, the links, and the comments.
 * The render page composes it (app/routes/render.tsx).
 */
export function ReviewOwnerCard({ renderId }: { renderId: string }) {
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle>Review</CardTitle>
          <CardDescription>Send a private link to a director, a producer or a friend, and get comments on frames and an approval back.</CardDescription>
        </div>
        <ShareReviewDialog renderId={renderId} />
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">Links</h3>
          <ReviewLinksList renderId={renderId} />
        </div>
        <ReviewCommentsPanel renderId={renderId} />
      </CardContent>
    </Card>
  );
}
