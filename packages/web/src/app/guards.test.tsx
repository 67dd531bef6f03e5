import { screen, waitFor, within } from "@testing-library/react";
import { WELCOME_STORAGE_KEY } from "../features/dashboard/welcome-seen";
import { SESSION_HINT_KEY } from "../lib/session-hint";
import { json, mockFetch, renderApp, testUser } from "../test/render";

/** A session answer the test releases when it wants. */
function heldSession() {
  let answer!: (r: Response) => void;
  const held = new Promise<Response>((resolve) => (answer = resolve));
  return { held, answer };
}

const dataRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost").pathname)
    .filter((p) => p !== "/api/user" && p !== "/api/env");

describe("signed-in frame while the session loads (docs/decisions.md#web-performance)", () => {
  beforeEach(() => localStorage.setItem(WELCOME_STORAGE_KEY, "2025-01-01T00:00:00.000Z"));

  it("a browser that was signed in sees the dashboard's frame at once, asks for its data only once signed in, then fills it in", async () => {
    localStorage.setItem(SESSION_HINT_KEY, "1");
    const { held, answer } = heldSession();
    const fetchMock = mockFetch({
      "GET /api/user": () => held,
      "GET /api/screenplays": () => [],
      "GET /api/renders": () => [],
      "GET /api/user/referral-code": () => ({ referralCode: "JANE42" }),
    });
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Recent Screenplays" })).toBeInTheDocument();
    // The header keeps the account menu's place: no Login offered to someone who is signed in.
    const header = screen.getByRole("banner");
    expect(within(header).queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading session" })).not.toBeInTheDocument();
    expect(dataRequests(fetchMock)).toEqual([]);
    answer(json(testUser));
    expect(await screen.findByText("Welcome back, Jane. Here's what you're working on.")).toBeInTheDocument();
    await waitFor(() => expect(dataRequests(fetchMock).sort()).toEqual(["/api/renders", "/api/screenplays", "/api/user/referral-code"]));
  });

  it("a stale guess: signed out after all goes to /auth without asking for the dashboard's data", async () => {
    localStorage.setItem(SESSION_HINT_KEY, "1");
    const { held, answer } = heldSession();
    const fetchMock = mockFetch({ "GET /api/user": () => held });
    const { router } = renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    answer(json(null));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(dataRequests(fetchMock)).toEqual([]);
  });

  it("a screen that needs the user shows the frame with a spinner", async () => {
    localStorage.setItem(SESSION_HINT_KEY, "1");
    mockFetch({ "GET /api/user": () => heldSession().held });
    renderApp("/settings");
    expect(await screen.findByRole("status", { name: "Loading session" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Settings" })).not.toBeInTheDocument();
  });

  it("a browser with no hint sees only a spinner", async () => {
    mockFetch({ "GET /api/user": () => heldSession().held });
    renderApp("/dashboard");
    expect(await screen.findByRole("status", { name: "Loading session" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Dashboard" })).not.toBeInTheDocument();
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
  });
});
