import { screen, waitFor } from "@testing-library/react";
import { json, mockFetch, renderApp, testUser } from "../test/render";

const signedIn = () => {
  // The one-time welcome dialog would hide the page from queries by role.
  localStorage.setItem("welcomeDismissedAt", "2025-01-01T00:00:00.000Z");
  return mockFetch({
    "GET /api/user": () => testUser,
    "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "", GOOGLE_AUTH: null }),
  });
};

describe("router", () => {
  it("shows the 404 card for a path outside the route table", async () => {
    mockFetch({ "GET /api/user": () => json({ message: "Unauthorized" }, 401) });
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
  });

  it("shows a spinner while the session loads, then sends a signed-out visitor to /auth", async () => {
    let answer!: (r: Response) => void;
    mockFetch({ "GET /api/user": () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderApp("/billing");
    expect(await screen.findByRole("status", { name: "Loading session" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/billing");
    answer(json({ message: "Unauthorized", code: "unauthorized" }, 401));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(await screen.findByRole("tab", { name: "Sign In" })).toBeInTheDocument();
  });

  it("treats any failure of GET /api/user as signed out", async () => {
    mockFetch({ "GET /api/user": () => json({ message: "boom" }, 500) });
    const { router } = renderApp("/settings");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
  });

  it.each(["/", "/auth", "/forgot-password"])("sends a signed-in user from %s to /dashboard", async (path) => {
    signedIn();
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it.each([
    "/",
    "/auth",
    "/forgot-password",
    "/showcase",
    "/showcase/search",
    "/showcase/abc",
    "/pricing",
    "/faq",
    "/tutorials",
    "/privacy",
    "/terms",
    "/copyright",
    "/unsubscribe",
    "/review#abc",
  ])("registers the public route %s", async (path) => {
    mockFetch({ "GET /api/user": () => json({ message: "Unauthorized" }, 401) });
    const { router } = renderApp(path);
    await waitFor(() => expect(screen.queryByRole("status", { name: "Loading session" })).not.toBeInTheDocument());
    await waitFor(() => expect(document.querySelector("main")).not.toBeNull(), { timeout: 5000 });
    expect(screen.queryByText("404 Page Not Found")).not.toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.hash).toBe(path);
  });

  it.each([
    "/dashboard",
    "/billing",
    "/billing/confirm-payment/in_1",
    "/points",
    "/settings",
    "/screenplays",
    "/screenplays/s1",
    "/renders/r1",
    "/prep-render/s1",
    "/admin/fixes",
  ])("registers the signed-in route %s", async (path) => {
    signedIn();
    const { router } = renderApp(path);
    expect(await screen.findByRole("navigation", { name: "Account" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText("404 Page Not Found")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it("scrolls to the top on every route change", async () => {
    signedIn();
    const { router } = renderApp("/dashboard");
    await screen.findByRole("navigation", { name: "Account" });
    vi.mocked(window.scrollTo).mockClear();
    await router.navigate("/billing");
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0));
  });
});
