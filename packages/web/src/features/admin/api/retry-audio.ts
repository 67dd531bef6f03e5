import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { api, serverMessageOr } from "../../../lib/api";

export function useRetryFailedAudio() {
  return useMutation({
    mutationFn: (renderJobId: string) => api.post("/api/admin/retry-failed-audio", { renderJobId }),
    onSuccess: () => toast({ title: "Failed audio retry process initiated" }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: serverMessageOr(error, "Failed to process request", "An unexpected error occurred"),
      }),
  });
}
