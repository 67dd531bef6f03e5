import { screen, within } from "@testing-library/react";
import { apiError, mockFetch, renderApp, testUser } from "../../../test/render";

const payment = {
  id: "01PAY",
  amount: 2000,
  currency: "USD",
  status: "paid",
  paymentMethod: "Visa •••• 4242",
  description: "666 points",
  createdAt: "2026-11-20T10:00:00.000Z",
};

describe("billing", () => {
  it("lists payments newest first with amount in dollars, method and a green paid badge, and the saved cards", async () => {
    mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/payments": () => [
        payment,
        { ...payment, id: "01OLD", amount: 5100, status: "refunded", description: 'Render of "Farmland" (17 pages)' },
      ],
      "GET /api/payment-methods": () => [{ id: "pm_1", brand: "Visa", last4: "4242", exp_month: 4, exp_year: 2031 }],
    });
    renderApp("/billing");
    const rows = await screen.findAllByRole("row");
    expect(rows[1]).toHaveTextContent("Nov 20, 2026666 pointsVisa •••• 4242$20.00paid");
    expect(rows[2]).toHaveTextContent("$51.00");
    expect(within(rows[1]).getByText("paid").className).toContain("green");
    expect(within(rows[2]).getByText("refunded").className).toContain("yellow");
    expect(screen.getByText("Visa •••• 4242", { selector: "p" })).toBeInTheDocument();
    expect(screen.getByText("Expires 04/2031")).toBeInTheDocument();
  });

  it("has empty states for both lists", async () => {
    mockFetch({ "GET /api/user": () => testUser, "GET /api/payments": () => [], "GET /api/payment-methods": () => [] });
    renderApp("/billing");
    expect(await screen.findByText("No payment history")).toBeInTheDocument();
    expect(await screen.findByText("No payment methods")).toBeInTheDocument();
  });

  it("says when a list cannot load", async () => {
    mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/payments": () => apiError(500, "down", "internal"),
      "GET /api/payment-methods": () => [],
    });
    renderApp("/billing");
    expect(await screen.findByText("Payment history unavailable")).toBeInTheDocument();
  });
});
