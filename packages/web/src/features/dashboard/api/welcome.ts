import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { USER_QUERY_KEY } from "../../../lib/query-keys";

/** POST /api/user/welcome-dismissed: remembered per account, so a new browser does not greet the writer again. */
export function useDismissWelcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ welcomeDismissedAt: string }>("/api/user/welcome-dismissed", {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
