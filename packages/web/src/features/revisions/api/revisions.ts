import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DraftDiff, DraftSummary } from "@storyboard/core/revision/schema";
import { api, withQuery } from "../../../lib/api";

const path = (id: string) => `/api/screenplays/${encodeURIComponent(id)}`;

export const revisionKeys = {
  drafts: (id: string) => ["revisions", id, "drafts"] as const,
  diff: (id: string, from: number, to: number) => ["revisions", id, "diff", from, to] as const,
};

/** Answer of POST /api/screenplays/{id}/versions. */
export interface RevisedDraftResult {
  id: string;
  version: number;
  newCharacters: string[];
  goneCharacters: string[];
}

export const draftsQueryOptions = (id: string) =>
  queryOptions({ queryKey: revisionKeys.drafts(id), queryFn: () => api.get<DraftSummary[]>(`${path(id)}/versions`) });

export const diffQueryOptions = (id: string, from: number, to: number) =>
  queryOptions({
    queryKey: revisionKeys.diff(id, from, to),
    queryFn: () => api.get<DraftDiff>(withQuery(`${path(id)}/diff`, { from, to })),
    staleTime: Infinity,
  });

export const draftFileUrl = (id: string, version: number) => `${path(id)}/versions/${version}/file`;

export const useDrafts = (id: string) => useQuery(draftsQueryOptions(id));
export const useDraftDiff = (id: string, from: number, to: number, enabled = true) =>
  useQuery({ ...diffQueryOptions(id, from, to), enabled: enabled && from > 0 && to > 0 && from !== to });

/** `onChanged` lets the page that holds the panel refresh what it shows of the screenplay. */
export function useUploadRevisedDraft(id: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("file", file, file.name);
      return api.post<RevisedDraftResult>(`${path(id)}/versions`, form);
    },
    onSuccess: async () => {
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: revisionKeys.drafts(id) });
    },
  });
}

export function useMatchCharacter(id: string, onChanged?: () => void) {
  return useMutation({
    mutationFn: (names: { oldName: string; newName: string }) => api.post(`${path(id)}/characters/match`, names),
    onSuccess: () => onChanged?.(),
  });
}

export function useDeleteDraft(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => api.delete(`${path(id)}/versions/${version}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: revisionKeys.drafts(id) }),
  });
}
