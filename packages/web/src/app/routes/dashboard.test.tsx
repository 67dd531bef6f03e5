import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, mockFetch, renderApp, testUser, type Handler } from "../../test/render";
import { WELCOME_STORAGE_KEY } from "../../features/dashboard/welcome-seen";

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const screenplay = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `sp-${i}`,
  title: `Screenplay ${i}`,
  status: "ready",
  originalFileName: `s${i}.fdx`,
  pageCount: 3,
  estimatedCost: 300,
  renderCount: 0,
  uploadedAt: minutesAgo(i * 10),
  updatedAt: minutesAgo(i * 10),
  ...extra,
});

const render = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `r-${i}`,
  title: `Render ${i}`,
  style: "noir",
  status: "complete",
  completedAt: null,
  estimatedCompletionTime: null,
  createdAt: new Date(Date.UTC(2025, 0, i)).toISOString(),
  ...extra,
});

function dashboard(handlers: Record<string, Handler> = {}) {
  localStorage.setItem(WELCOME_STORAGE_KEY, "2025-01-01T00:00:00.000Z");
  const fetchMock = mockFetch({
    "GET /api/user": () => testUser,
    "GET /api/screenplays": () => [],
    "GET /api/renders": () => [],
    "GET /api/user/referral-code": () => ({ referralCode: "JANE42" }),
    ...handlers,
  });
  return { ...renderApp("/dashboard"), fetchMock };
}

const screenplayList = () => screen.findByRole("list", { name: "Screenplays" });
const renderList = () => screen.findByRole("list", { name: "Renders" });
const rowTitles = (list: HTMLElement) =>
  within(list)
    .getAllByRole("listitem")
    .map((li) => li.querySelector("[title]")?.getAttribute("title"));

describe("dashboard: recent screenplays", () => {
  it("lists 4 per page with relative upload times, pages with next and previous", async () => {
    const user = userEvent.setup();
    dashboard({ "GET /api/screenplays": () => [1, 2, 3, 4, 5, 6].map((i) => screenplay(i)) });
    let list = await screenplayList();
    expect(rowTitles(list)).toEqual(["Screenplay 1", "Screenplay 2", "Screenplay 3", "Screenplay 4"]);
    expect(within(list).getByText("Uploaded 10 minutes ago")).toBeInTheDocument();
    const pager = screen.getByRole("navigation", { name: "Screenplay pages" });
    expect(within(pager).getByText("Page 1 of 2")).toBeInTheDocument();
    expect(within(pager).getByRole("button", { name: /previous/i })).toBeDisabled();

    await user.click(within(pager).getByRole("button", { name: /next/i }));
    list = await screenplayList();
    expect(rowTitles(list)).toEqual(["Screenplay 5", "Screenplay 6"]);
    expect(within(pager).getByRole("button", { name: /next/i })).toBeDisabled();
    await user.click(within(pager).getByRole("button", { name: /previous/i }));
    expect(rowTitles(await screenplayList())).toEqual(["Screenplay 1", "Screenplay 2", "Screenplay 3", "Screenplay 4"]);
  });

  it("has no pager for 4 or fewer, links each row to its screenplay and badges unfinished ones", async () => {
    dashboard({
      "GET /api/screenplays": () => [screenplay(1), screenplay(2, { status: "parsing" }), screenplay(3, { status: "failed" })],
    });
    const list = await screenplayList();
    expect(screen.queryByRole("navigation", { name: "Screenplay pages" })).not.toBeInTheDocument();
    expect(within(list).getByRole("link", { name: "View Screenplay 1" })).toHaveAttribute("href", "/screenplays/sp-1");
    const [ready, parsing, failed] = within(list).getAllByRole("listitem");
    expect(ready.querySelector("[data-status]")).toBeNull();
    expect(within(parsing).getByText("Processing")).toBeInTheDocument();
    expect(within(failed).getByText("Failed")).toBeInTheDocument();
  });

  it("truncates long titles to 25 characters on the mobile layout only", async () => {
    const title = "The Extraordinary Adventures of Farmland";
    dashboard({ "GET /api/screenplays": () => [screenplay(1, { title })] });
    const list = await screenplayList();
    expect(within(list).getByText("The Extraordinary Adventu...")).toHaveClass("sm:hidden");
    expect(within(list).getByText(title)).toHaveClass("hidden", "sm:inline");
  });

  it("invites a first upload when there are none, opening the upload dialog", async () => {
    const user = userEvent.setup();
    dashboard();
    expect(await screen.findByText("No screenplays yet")).toBeInTheDocument();
    const buttons = screen.getAllByRole("button", { name: "Upload Screenplay" });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]);
    expect(await screen.findByRole("dialog", { name: "Upload Screenplay" })).toBeInTheDocument();
  });
});

describe("dashboard: recent renders", () => {
  it("shows the newest 5 first without 'Show All' when there are exactly 5", async () => {
    dashboard({ "GET /api/renders": () => [1, 2, 3, 4, 5].map((i) => render(i)) });
    const list = await renderList();
    expect(rowTitles(list)).toEqual(["Render 5", "Render 4", "Render 3", "Render 2", "Render 1"]);
    expect(within(list).getAllByRole("link")[0]).toHaveAttribute("href", "/renders/r-5");
    expect(list.textContent).toContain("Gritty Noir · Jan 5, 2025");
    expect(screen.queryByRole("link", { name: /show all/i })).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Render pages" })).not.toBeInTheDocument();
  });

  it("offers 'Show All' to /renders and a second page above 5 renders", async () => {
    const user = userEvent.setup();
    dashboard({ "GET /api/renders": () => [3, 1, 6, 2, 5, 4].map((i) => render(i, i === 6 ? { status: "failed" } : {})) });
    const list = await renderList();
    expect(rowTitles(list)).toEqual(["Render 6", "Render 5", "Render 4", "Render 3", "Render 2"]);
    expect(within(list).getByText("Failed")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /show all/i })).toHaveAttribute("href", "/renders");
    await user.click(within(screen.getByRole("navigation", { name: "Render pages" })).getByRole("button", { name: /next/i }));
    expect(rowTitles(await renderList())).toEqual(["Render 1"]);
  });

  it("shows the empty state when the render list answers 404", async () => {
    dashboard({ "GET /api/renders": () => json({ message: "Not found", code: "not_found" }, 404) });
    expect(await screen.findByText("No renders yet")).toBeInTheDocument();
    expect(screen.queryByText("Your renders could not be loaded.")).not.toBeInTheDocument();
  });
});

describe("dashboard: activity summary", () => {
  const stat = (label: string) => {
    const card = screen.getByRole("heading", { name: "Activity Summary" }).closest(".rounded-xl") as HTMLElement;
    return within(card).getByText(label).parentElement!;
  };

  it("counts screenplays, render jobs and points and shows the invite link", async () => {
    dashboard({
      "GET /api/screenplays": () => [1, 2, 3].map((i) => screenplay(i)),
      "GET /api/renders": () => [1, 2].map((i) => render(i)),
    });
    await screenplayList();
    await renderList();
    expect(stat("Screenplays")).toHaveTextContent("3");
    expect(stat("Render jobs")).toHaveTextContent("2");
    expect(stat("Points")).toHaveTextContent("500");
    expect(await screen.findByDisplayValue(`${window.location.origin}/auth?ref=JANE42#register`)).toBeInTheDocument();
  });

  it("copies the invite link, and says 'Failed to copy' when the clipboard refuses", async () => {
    const user = userEvent.setup();
    dashboard();
    await screen.findByDisplayValue(/JANE42/);
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error("denied"));
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });

    await user.click(screen.getByRole("button", { name: "Copy invite link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/auth?ref=JANE42#register`);
    expect(await screen.findByText("Link copied")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /invite link/i }));
    expect(await screen.findByText("Failed to copy")).toBeInTheDocument();
    expect(screen.getByText("Please try again or copy the link manually.")).toBeInTheDocument();
  });
});

describe("dashboard routes", () => {
  it("serves the same screen at /screenplays", async () => {
    localStorage.setItem(WELCOME_STORAGE_KEY, "x");
    mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/screenplays": () => [screenplay(1)],
      "GET /api/renders": () => [],
      "GET /api/user/referral-code": () => ({ referralCode: "JANE42" }),
    });
    renderApp("/screenplays");
    expect(await screen.findByRole("heading", { name: "Recent Screenplays" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("list", { name: "Screenplays" })).toBeInTheDocument());
  });

  it("welcomes a user with points once", async () => {
    mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/screenplays": () => [],
      "GET /api/renders": () => [],
      "GET /api/user/referral-code": () => ({ referralCode: "JANE42" }),
    });
    renderApp("/dashboard");
    expect(await screen.findByRole("dialog")).toHaveTextContent("500 points");
    // The first visit after sign-up is a welcome, not a welcome back.
    expect(screen.getByText("Welcome, Jane. Here's what you're working on.")).toBeInTheDocument();
  });

  it("stays a welcome for the rest of the first visit after the dialog is closed and the account remembers it", async () => {
    let dismissedAt: string | null = null;
    const fetchMock = mockFetch({
      "GET /api/user": () => ({ ...testUser, welcomeDismissedAt: dismissedAt }),
      "POST /api/user/welcome-dismissed": () => {
        dismissedAt = "2025-01-01T00:00:00.000Z";
        return { welcomeDismissedAt: dismissedAt };
      },
      "GET /api/screenplays": () => [],
      "GET /api/renders": () => [],
      "GET /api/user/referral-code": () => ({ referralCode: "JANE42" }),
    });
    renderApp("/dashboard");
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Let's go" }));
    // The user is read again with the account's flag set; the greeting does not turn into 'Welcome back' mid-visit.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => String(u) === "/api/user").length).toBeGreaterThan(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText("Welcome, Jane. Here's what you're working on.")).toBeInTheDocument();
  });

  it("says 'Welcome back' once the welcome has been seen", async () => {
    dashboard();
    expect(await screen.findByText("Welcome back, Jane. Here's what you're working on.")).toBeInTheDocument();
  });
});
