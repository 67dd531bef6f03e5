import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch, renderApp, testUser } from "../../../test/render";

const row = (n: number, status = "complete") => ({
  id: `r${n}`,
  title: `Render ${n}`,
  style: n % 2 ? "noir" : "cinematic",
  status,
  completedAt: null,
  estimatedCompletionTime: null,
  createdAt: new Date(Date.UTC(2025, 4, n)).toISOString(),
});

function open(renders: unknown[]) {
  mockFetch({ "GET /api/user": () => testUser, "GET /api/renders": () => renders });
  return { user: userEvent.setup(), ...renderApp("/renders") };
}

describe("all renders", () => {
  it("lists every render newest first, 5 per page, each linking to its page", async () => {
    const { user } = open([1, 7, 3, 5, 2, 6, 4].map((n) => row(n, n === 7 ? "rendering" : "complete")));
    const list = await screen.findByRole("list", { name: "Renders" });
    const links = within(list).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/renders/r7", "/renders/r6", "/renders/r5", "/renders/r4", "/renders/r3"]);
    expect(links[0]).toHaveTextContent("Render 7");
    expect(links[0]).toHaveTextContent("Gritty Noir · May 7, 2025");
    expect(within(links[0]).getByText("Rendering")).toHaveAttribute("data-tone", "yellow");
    expect(within(links[1]).getByText("Complete")).toHaveAttribute("data-tone", "green");
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Next/ }));
    expect(within(screen.getByRole("list", { name: "Renders" })).getAllByRole("link").map((l) => l.getAttribute("href"))).toEqual([
      "/renders/r2",
      "/renders/r1",
    ]);
  });

  it("has an empty state", async () => {
    open([]);
    expect(await screen.findByText("No renders yet")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Render pages" })).not.toBeInTheDocument();
  });

  it("shows the reviewers' latest decision: 'Approved by Dana' or 'Changes requested' (issue 28)", async () => {
    open([
      { ...row(3), review: { decision: "approved", name: "Dana" } },
      { ...row(2), review: { decision: "changes_requested", name: "Sam" } },
      { ...row(1), review: null },
    ]);
    const links = within(await screen.findByRole("list", { name: "Renders" })).getAllByRole("link");
    expect(links[0]).toHaveTextContent("Approved by Dana");
    expect(links[1]).toHaveTextContent("Changes requested");
    expect(links[1]).not.toHaveTextContent("Sam");
    expect(links[2]).not.toHaveTextContent(/Approved|Changes requested/);
  });
});
