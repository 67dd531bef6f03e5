import { screen, within } from "@testing-library/react";
import { mockFetch, renderApp, testUser } from "../../../test/render";

const account = { userId: "u9", email: "kim@example.com", username: "kim", points: 0, pointsOwed: 1234, openDisputes: 1 };

describe("admin fixes: flagged accounts", () => {
  it("lists the accounts that owe points or have a dispute open", async () => {
    mockFetch({
      "GET /api/user": () => ({ ...testUser, roles: ["admin"] }),
      "GET /api/admin/flagged-accounts": () => ({ accounts: [account] }),
    });
    renderApp("/admin/fixes");
    const table = await screen.findByRole("table", { name: "Flagged accounts" });
    const row = within(table).getByText("kim").closest("tr")!;
    expect(row).toHaveTextContent("kim@example.com");
    expect(row).toHaveTextContent("1,234");
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["kimkim@example.com", "0", "1,234", "1"]);
  });

  it("says when no account is flagged", async () => {
    mockFetch({ "GET /api/user": () => ({ ...testUser, roles: ["admin"] }), "GET /api/admin/flagged-accounts": () => ({ accounts: [] }) });
    renderApp("/admin/fixes");
    expect(await screen.findByText("No account is flagged.")).toBeInTheDocument();
  });
});
