import { queryOptions, useQuery } from "@tanstack/react-query";
import { UNSUBSCRIBE_SETTING_NAMES } from "@storyboard/core/notification/constants";
import { api } from "../../../lib/api";

/** docs/product.md#notifications: settings an e-mail link may switch off, with their friendly names (core's one list). */
export const UNSUBSCRIBE_SETTINGS: Record<string, string> = UNSUBSCRIBE_SETTING_NAMES;

/**
 * POST /api/unsubscribe, run once when the page opens. It is a query rather
 * than a mutation so a re-render (or React's strict double effects) never
 * sends it twice; the server treats a repeat as a no-op anyway.
 */
export const unsubscribeQueryOptions = (token: string, setting: string) =>
  queryOptions({
    queryKey: ["unsubscribe", token, setting],
    queryFn: () => api.post<{ message: string; email: string }>("/api/unsubscribe", { token, setting }),
  });

export const useUnsubscribe = (token: string, setting: string, enabled: boolean) =>
  useQuery({ ...unsubscribeQueryOptions(token, setting), enabled });
