import { QueryClient } from "@tanstack/react-query";

/**
 * docs/product.md#api: cached data never goes stale, nothing refetches on focus or on an
 * interval, and nothing is retried. Screens that need fresh data invalidate it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
