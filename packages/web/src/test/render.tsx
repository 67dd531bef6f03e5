import { render } from "@testing-library/react";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "@storyboard/core/auth/schema";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { vi } from "vitest";
import { AppProvider } from "../app/provider";
import { routes } from "../app/router";
import { createQueryClient } from "../lib/query-client";

export type Handler = (init: RequestInit & { url: string }) => Response | Promise<Response> | unknown;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export const apiError = (status: number, message: string, code = "bad_request") => json({ message, code }, status);

/**
 * Stubs `fetch` with handlers keyed "METHOD /path" (query string ignored).
 * A handler may return a Response or a plain value (sent as JSON 200);
 * unknown calls answer 404. Returns the mock to assert calls on.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, "http://localhost").pathname;
    const key = `${(init.method ?? "GET").toUpperCase()} ${path}`;
    const handler = handlers[key];
    if (!handler) return json({ message: "Not found", code: "not_found" }, 404);
    const result = await handler({ ...init, url });
    return result instanceof Response ? result : json(result);
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** Calls of the mock for one "METHOD /path", with parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, key: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      return `${(init?.method ?? "GET").toUpperCase()} ${new URL(url, "http://localhost").pathname}` === key;
    })
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}

export const testUser = {
  id: "u1",
  username: "jane",
  email: "jane@example.com",
  fullName: "Jane Writer",
  roles: [] as string[],
  timezone: "UTC",
  points: 500,
  notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES },
  createdAt: "2025-05-01T00:00:00.000Z",
};

/** Renders the whole app at `path` with a fresh query client. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}

/** Renders a component with the app's providers (no router routes). */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: "*", element: ui }]);
  return { ...render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  ), queryClient, router };
}
