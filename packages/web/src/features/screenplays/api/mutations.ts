import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api";
import { moderationReportSchema, type ModerationReport } from "../utils/moderation-report";
import { screenplayKeys } from "./screenplays";

const path = (id: string) => `/api/screenplays/${encodeURIComponent(id)}`;

export interface UploadInput {
  file: File;
  title: string;
}

/** Success of POST /api/screenplays; a report comes along when the content was flagged but may proceed. */
export interface UploadResult {
  id: string;
  moderation?: ModerationReport;
}

/**
 * The moderation report of a 403 `moderation_blocked` answer, or null for any
 * other failure. The api client keeps the body in the message after
 * "{status}: " (docs/product.md#errors Generic), so the report is read back from there.
 */
export function moderationReportOf(error: unknown): ModerationReport | null {
  if (!(error instanceof ApiError) || error.status !== 403 || error.code !== "moderation_blocked") return null;
  const prefix = `${error.status}: `;
  const body = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  try {
    const parsed = moderationReportSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function useUploadScreenplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, title }: UploadInput) => {
      const form = new FormData();
      form.set("title", title);
      form.set("file", file, file.name);
      return api.post<UploadResult>("/api/screenplays", form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenplayKeys.list, exact: true }),
  });
}

/** `onDeleted` runs first (leave the page) so nothing still on screen asks for the deleted screenplay again. */
export function useDeleteScreenplay(id: string, { onDeleted }: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(path(id)),
    onSuccess: async () => {
      onDeleted?.();
      queryClient.removeQueries({ queryKey: screenplayKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: screenplayKeys.list, exact: true });
    },
  });
}

export function useAddCharacter(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (characterName: string) => api.post(`${path(id)}/characters`, { characterName }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenplayKeys.detail(id), exact: true }),
  });
}

export function useRemoveCharacter(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (characterName: string) => api.delete(`${path(id)}/characters/${encodeURIComponent(characterName)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenplayKeys.detail(id), exact: true }),
  });
}
