import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { api, errorMessage } from "../../../lib/api";
import { reviewKeys } from "./keys";
import { openThreadsByBlock } from "../utils/threads";
import type { NewReviewLink, RenderComments, ReviewComment, ReviewLink } from "./types";

const renderPath = (renderId: string) => `/api/renders/${encodeURIComponent(renderId)}`;

export const reviewLinksQueryOptions = (renderId: string) =>
  queryOptions({
    queryKey: reviewKeys.links(renderId),
    queryFn: async () => (await api.get<{ links: ReviewLink[] }>(`${renderPath(renderId)}/review-links`)).links,
  });

export const renderCommentsQueryOptions = (renderId: string) =>
  queryOptions({
    queryKey: reviewKeys.comments(renderId),
    queryFn: () => api.get<RenderComments>(`${renderPath(renderId)}/comments`),
  });

export const useReviewLinks = (renderId: string) => useQuery(reviewLinksQueryOptions(renderId));
export const useRenderComments = (renderId: string) => useQuery(renderCommentsQueryOptions(renderId));

const selectOpenCounts = (data: RenderComments) => openThreadsByBlock(data.comments);

/** Open threads per frame, read from the same answer as the comments panel (one request for both). */
export const useOpenThreadCounts = (renderId: string) => useQuery({ ...renderCommentsQueryOptions(renderId), select: selectOpenCounts });

const selectFrameLabels = (data: RenderComments): ReadonlyMap<string, string> => new Map(data.frames.map((f) => [f.blockId, f.label]));

/**
 * Each frame's name ('Scene 1 Shot 1B'), as the reviewer's page names it, from the comments panel's answer (one
 * request for both). `undefined` asks nothing: a render without a video has no review frames.
 */
export const useFrameLabels = (renderId: string | undefined) =>
  useQuery({ ...renderCommentsQueryOptions(renderId ?? ""), enabled: !!renderId, select: selectFrameLabels });

/** A link's counts follow its comments: replies and resolutions read the links again. */
const refreshLinks = (queryClient: QueryClient, renderId: string) => queryClient.invalidateQueries({ queryKey: reviewKeys.links(renderId) });

/** POST /api/renders/{id}/review-links: a new private link ('For Dana'). */
export function useCreateReviewLink(renderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewReviewLink) => (await api.post<{ link: ReviewLink }>(`${renderPath(renderId)}/review-links`, input)).link,
    onSuccess: (link) => {
      queryClient.setQueryData(reviewKeys.links(renderId), (links: ReviewLink[] | undefined) => [link, ...(links ?? [])]);
      void refreshLinks(queryClient, renderId);
    },
    onError: (error) => toast({ variant: "destructive", title: "Link not created", description: errorMessage(error) }),
  });
}

/** DELETE /api/review-links/{linkId}: the link stops working at once. */
export function useRevokeReviewLink(renderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (linkId: string) => (await api.delete<{ link: ReviewLink }>(`/api/review-links/${encodeURIComponent(linkId)}`)).link,
    onSuccess: (link) => {
      queryClient.setQueryData(reviewKeys.links(renderId), (links: ReviewLink[] | undefined) =>
        links?.map((l) => (l.linkId === link.linkId ? link : l)),
      );
      toast({ title: "Link revoked", description: `'${link.name}' no longer opens the review.` });
    },
    onError: (error) => toast({ variant: "destructive", title: "Link not revoked", description: errorMessage(error) }),
  });
}

const withComment = (data: RenderComments | undefined, comment: ReviewComment, replace: boolean): RenderComments | undefined => {
  if (!data) return data;
  const comments = replace
    ? data.comments.map((c) => (c.commentId === comment.commentId ? comment : c))
    : [...data.comments, comment];
  return { ...data, comments };
};

/** POST /api/renders/{id}/comments: the writer's reply in a thread. */
export function useReplyToComment(renderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { parentId: string; text: string }) =>
      (await api.post<{ comment: ReviewComment }>(`${renderPath(renderId)}/comments`, input)).comment,
    onSuccess: (comment) => {
      queryClient.setQueryData(reviewKeys.comments(renderId), (data: RenderComments | undefined) => withComment(data, comment, false));
      void refreshLinks(queryClient, renderId);
    },
    onError: (error) => toast({ variant: "destructive", title: "Reply not sent", description: errorMessage(error) }),
  });
}

/** POST /api/comments/{id}/resolve: resolves a thread, or opens it again. */
export function useResolveComment(renderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ commentId, resolved }: { commentId: string; resolved: boolean }) =>
      (await api.post<{ comment: ReviewComment }>(`/api/comments/${encodeURIComponent(commentId)}/resolve`, { resolved })).comment,
    onSuccess: (comment) => {
      queryClient.setQueryData(reviewKeys.comments(renderId), (data: RenderComments | undefined) => withComment(data, comment, true));
      void refreshLinks(queryClient, renderId);
    },
    onError: (error) => toast({ variant: "destructive", title: "Comment not updated", description: errorMessage(error) }),
  });
}
