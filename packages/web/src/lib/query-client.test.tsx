import { createQueryClient } from "./query-client";

it("never goes stale, never refetches on focus or interval, never retries", () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions();
  expect(queries?.staleTime).toBe(Infinity);
  expect(queries?.refetchOnWindowFocus).toBe(false);
  expect(queries?.refetchInterval).toBe(false);
  expect(queries?.retry).toBe(false);
  expect(mutations?.retry).toBe(false);
});
