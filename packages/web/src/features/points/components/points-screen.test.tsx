import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, mockFetch, renderApp, testUser } from "../../../test/render";

const entry = (i: number, reason: string, delta: number, extra: Record<string, unknown> = {}) => ({
  id: `e${i}`,
  delta,
  reason,
  comment: null,
  referenceId: null,
  createdAt: "2026-11-20T15:05:00.000Z",
  ...extra,
});

describe("points", () => {
  it("shows the balance and a readable badge for every reason we write", async () => {
    const reasons = ["purchase", "render", "subscription", "refund", "signup", "referral", "image", "re-render", "mystery"];
    mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/points/balance": () => ({ balance: 1166 }),
      "GET /api/points/ledger": () => ({
        records: reasons.map((r, i) =>
          entry(i, r, i % 2 ? -100 : 666, i === 0 ? { comment: "Purchased 666 points", referenceId: "01JABCDEFGHJK" } : {}),
        ),
        pagination: { page: 1, limit: 20, pages: 1, total: reasons.length },
      }),
    });
    renderApp("/points");
    expect(await screen.findByText("1,166")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Buy points" })).toHaveAttribute("href", "/pricing");
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1].textContent)).toEqual([
      "Points Purchase",
      "Video Render",
      "Subscription Credit",
      "Refund",
      "Welcome Bonus",
      "Referral Bonus",
      "Image Generation",
      "Video Re-render",
      "mystery",
    ]);
    expect(rows[0]).toHaveTextContent("Nov 20, 2026 at");
    // The date is written once and never hidden from screen readers (the phone layout only moves the time to a second line).
    const date = within(rows[0]).getAllByRole("cell")[0];
    expect(date.textContent).toMatch(/^Nov 20, 2026 at \d{1,2}:\d{2} [AP]M$/);
    expect(date.querySelector("[aria-hidden]")).toBeNull();
    expect(rows[0]).toHaveTextContent("+666");
    expect(rows[0]).toHaveTextContent("Purchased 666 points");
    expect(rows[0]).toHaveTextContent("01JABCDE...");
    expect(rows[1]).toHaveTextContent("-100");
    expect(rows[1]).toHaveTextContent("No description");
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it("pages with first, previous, numbered, next and last buttons", async () => {
    mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/points/balance": () => 0,
      "GET /api/points/ledger": ({ url }) => {
        const page = Number(new URL(url, "http://x").searchParams.get("page"));
        return {
          records: Array.from({ length: page === 8 ? 5 : 20 }, (_, i) => entry(page * 100 + i, "render", -100)),
          pagination: { page, limit: 20, pages: 8, total: 145 },
        };
      },
    });
    renderApp("/points");
    expect(await screen.findByText("Showing 1 to 20 of 145 transactions")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Transaction pages" });
    expect(
      within(nav)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["", "", "1", "2", "3", "4", "5", "", ""]);
    await userEvent.setup().click(within(nav).getByRole("button", { name: "Last page" }));
    expect(await screen.findByText("Showing 141 to 145 of 145 transactions")).toBeInTheDocument();
  });

  it("has the spec's empty and error states", async () => {
    mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/points/balance": () => 0,
      "GET /api/points/ledger": () => apiError(500, "down", "internal"),
    });
    renderApp("/points");
    expect(await screen.findByText("Error Loading Points History")).toBeInTheDocument();
    expect(screen.getByText("Unable to load your points history. Please try again later.")).toBeInTheDocument();
  });
});
