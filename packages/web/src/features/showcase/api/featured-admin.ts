import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { api, serverMessageOr } from "../../../lib/api";

/** The admin list shows 20 (spec §9). */
export const ADMIN_FEATURED_LIMIT = 20;

function useFeaturedMutation<T>(run: (arg: T) => Promise<unknown>, success: string, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      toast({ title: success });
      await queryClient.invalidateQueries({ queryKey: ["featured-showcase"] });
    },
    onError: (error) =>
      toast({ variant: "destructive", title: "Error", description: serverMessageOr(error, failure, "An unexpected error occurred") }),
  });
}

export const useAddFeatured = () =>
  useFeaturedMutation(
    (showcaseEntryId: string) => api.post("/api/featured-showcase", { showcaseEntryId }),
    "Showcase entry added to featured list",
    "Failed to add to featured",
  );

export const useRemoveFeatured = () =>
  useFeaturedMutation(
    (showcaseEntryId: string) => api.delete(`/api/featured-showcase/${encodeURIComponent(showcaseEntryId)}`),
    "Featured showcase entry removed",
    "Failed to remove featured entry",
  );
