import { screen, waitFor } from "@testing-library/react";
import { api } from "../lib/api";
import { EARLY_ALWAYS, EARLY_REQUESTS, earlyRequestsScript, takeEarlyResponse } from "../lib/early-requests";
import { json, mockFetch, renderApp, testUser } from "../test/render";
import { WELCOME_STORAGE_KEY } from "../features/dashboard/welcome-seen";

const getPaths = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? "GET") === "GET")
    .map(([input]) => new URL(String(input), "http://localhost").pathname);

/** Runs the inline script as the page would, at `path`. */
function runScript(path: string) {
  window.history.replaceState(null, "", path);
  new Function(earlyRequestsScript())();
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__storyboardEarly;
  window.history.replaceState(null, "", "/");
});

describe("early requests (docs/decisions.md#web-performance)", () => {
  it("the script has no '<', so the CSP hash reader takes all of it", () => {
    expect(earlyRequestsScript()).not.toContain("<");
  });

  it("signed in on the dashboard: asks for the session, the settings and the screen's data at once", async () => {
    const fetchMock = mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/env": () => ({}),
      "GET /api/screenplays": () => [],
      "GET /api/renders": () => [],
      "GET /api/user/referral-code": () => ({ referralCode: "JANE42" }),
    });
    runScript("/dashboard/");
    await waitFor(() => expect(getPaths(fetchMock)).toHaveLength(5));
    expect(new Set(getPaths(fetchMock))).toEqual(new Set([...EARLY_ALWAYS, ...EARLY_REQUESTS["/dashboard"]]));
    // The client takes each answer once: the first read costs no request, the next one asks again.
    expect(await api.get("/api/user/referral-code")).toEqual({ referralCode: "JANE42" });
    expect(getPaths(fetchMock)).toHaveLength(5);
    expect(takeEarlyResponse("/api/user/referral-code")).toBeUndefined();
    await api.get("/api/user/referral-code");
    expect(getPaths(fetchMock)).toHaveLength(6);
  });

  it("signed out: only the session and the settings, so no 401 is logged; a failed request leaves the app to ask itself", async () => {
    const fetchMock = mockFetch({ "GET /api/user": () => null, "GET /api/env": () => Promise.reject(new TypeError("offline")) });
    runScript("/dashboard");
    await waitFor(() => expect(getPaths(fetchMock)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getPaths(fetchMock).sort()).toEqual(["/api/env", "/api/user"]);
    expect(await takeEarlyResponse("/api/screenplays")).toBeNull();
    expect(await takeEarlyResponse("/api/env")).toBeNull();
  });

  it("a public page asks only for the session and the settings", async () => {
    const fetchMock = mockFetch({ "GET /api/user": () => testUser, "GET /api/env": () => ({}) });
    runScript("/pricing");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getPaths(fetchMock).sort()).toEqual(["/api/env", "/api/user"]);
  });

  // The list must follow the screens: a URL the screen no longer reads is wasted, one it reads and the list lacks waits.
  it.each(Object.keys(EARLY_REQUESTS))("%s reads on its first render exactly what the script asks for", async (path) => {
    localStorage.setItem(WELCOME_STORAGE_KEY, "2025-01-01T00:00:00.000Z");
    const fetchMock = mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/env": () => ({}),
      "GET /api/screenplays": () => [],
      "GET /api/renders": () => [],
      "GET /api/user/referral-code": () => json({ referralCode: "JANE42" }),
    });
    renderApp(path);
    await screen.findByRole("heading", { name: "Dashboard" });
    await waitFor(() => expect(new Set(getPaths(fetchMock))).toEqual(new Set([...EARLY_ALWAYS, ...EARLY_REQUESTS[path]])));
  });
});
