import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { api, ApiError, errorMessage } from "../../../lib/api";
import { reviewKeys } from "./keys";
import { REVIEW_TOKEN_HEADER } from "./types";
import type { Decision, NewDecision, NewReviewerComment, Review, ReviewComment } from "./types";

/**
 * The reviewer's calls all go through the token, sent in a header and never in the path, where access
 * logs would keep it (docs/decisions.md#review-links); nothing here needs an account.
 */
const byToken = (token: string) => ({ headers: { [REVIEW_TOKEN_HEADER]: token } });

export const reviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: reviewKeys.page(token),
    queryFn: async () => (await api.get<{ review: Review }>("/api/review", byToken(token))).review,
  });

export const useReview = (token: string) => useQuery(reviewQueryOptions(token));

/**
 * A send refused with 404: the link was revoked or expired while the page was open. The page is read
 * again from scratch, so it says 'This review link is no longer active.' instead of the stale storyboard.
 */
function failed(queryClient: QueryClient, token: string, title: string) {
  return (error: Error) => {
    if (error instanceof ApiError && error.status === 404) void queryClient.resetQueries({ queryKey: reviewKeys.page(token) });
    toast({ variant: "destructive", title, description: errorMessage(error) });
  };
}

/** POST /api/review/comments: the new comment joins the page at once, no second read. */
export function usePostReviewComment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewReviewerComment) =>
      (await api.post<{ comment: ReviewComment }>("/api/review/comments", input, byToken(token))).comment,
    onSuccess: (comment) => {
      queryClient.setQueryData(reviewKeys.page(token), (review: Review | undefined) =>
        review ? { ...review, comments: [...review.comments, comment] } : review,
      );
    },
    onError: failed(queryClient, token, "Comment not sent"),
  });
}

/** POST /api/review/decision: 'Approve' or 'Request changes', with a note. */
export function usePostDecision(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewDecision) => (await api.post<{ decision: Decision }>("/api/review/decision", input, byToken(token))).decision,
    onSuccess: (decision) => {
      queryClient.setQueryData(reviewKeys.page(token), (review: Review | undefined) => (review ? { ...review, decision } : review));
      toast({
        variant: "success",
        title: decision.decision === "approved" ? "Approved" : "Changes requested",
        description: "Thank you: the writer will see it with your comments.",
      });
    },
    onError: failed(queryClient, token, "Decision not sent"),
  });
}
