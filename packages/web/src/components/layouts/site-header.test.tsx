import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, mockFetch, renderWithProviders, testUser } from "../../test/render";
import { SiteHeader } from "./site-header";

describe("SiteHeader", () => {
  it("signed out: logo, Pricing, FAQ, Login and Get Started to Register; Login hidden on small screens", async () => {
    mockFetch({ "GET /api/user": () => json({ message: "Unauthorized" }, 401) });
    renderWithProviders(<SiteHeader />);
    const login = await screen.findByRole("link", { name: "Login" });
    expect(login).toHaveAttribute("href", "/auth");
    expect(login.className).toMatch(/\bhidden\b/);
    expect(login.className).toMatch(/sm:inline-flex/);
    const getStarted = screen.getByRole("link", { name: "Get Started" });
    expect(getStarted).toHaveAttribute("href", "/auth#register");
    expect(getStarted.className).not.toMatch(/\bhidden\b/);
    expect(screen.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    expect(screen.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/faq");
    expect(screen.getByRole("link", { name: /storyboard/i })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("button", { name: "Open account menu" })).not.toBeInTheDocument();
  });

  it("signed in: dashboard icon link and the avatar menu with initials", async () => {
    mockFetch({ "GET /api/user": () => testUser });
    renderWithProviders(<SiteHeader />);
    const trigger = await screen.findByRole("button", { name: "Open account menu" });
    expect(trigger).toHaveTextContent("JW");
    expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Get Started" })).not.toBeInTheDocument();

    await userEvent.click(trigger);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("My Account")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: /Dashboard/ })).toHaveAttribute("href", "/dashboard");
    expect(within(menu).getByRole("menuitem", { name: /Settings/ })).toHaveAttribute("href", "/settings");
    expect(within(menu).getByRole("menuitem", { name: /Manage Subscription/ })).toHaveAttribute("href", "/pricing");
    expect(within(menu).getByRole("menuitem", { name: /Sign out/ })).toBeInTheDocument();
  });

  it("reads 'Signing out...' and is disabled while signing out, then shows the signed-out header", async () => {
    let finish!: (r: Response) => void;
    const fetchMock = mockFetch({
      "GET /api/user": () => testUser,
      "POST /api/logout": () => new Promise<Response>((resolve) => (finish = resolve)),
    });
    const { queryClient } = renderWithProviders(<SiteHeader />);
    queryClient.setQueryData(["screenplays"], [{ id: "s1" }]);
    await userEvent.click(await screen.findByRole("button", { name: "Open account menu" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: /Sign out/ }));
    const busy = await screen.findByRole("menuitem", { name: /Signing out\.\.\./ });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    finish(new Response(null, { status: 204 }));
    expect(await screen.findByText("Logged out")).toBeInTheDocument();
    expect(screen.getByText("You have been successfully logged out.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("link", { name: "Get Started" })).toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === "/api/logout")).toHaveLength(1);
    expect(queryClient.getQueryData(["screenplays"])).toBeUndefined();
    expect(queryClient.getQueryData(["user"])).toBeNull();
  });

  it("shows 'Logout failed' with the server's message when logout fails", async () => {
    mockFetch({
      "GET /api/user": () => testUser,
      "POST /api/logout": () => json({ message: "Session store unavailable", code: "internal" }, 500),
    });
    renderWithProviders(<SiteHeader />);
    await userEvent.click(await screen.findByRole("button", { name: "Open account menu" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: /Sign out/ }));
    expect(await screen.findByText("Logout failed")).toBeInTheDocument();
    expect(screen.getByText("Session store unavailable")).toBeInTheDocument();
  });
});
