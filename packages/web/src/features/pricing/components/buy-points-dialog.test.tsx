import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { callsTo, mockFetch, renderApp, testUser } from "../../../test/render";

const plans = [{ id: "starter", name: "Starter", monthlyPrice: 2700, annualPrice: 25920, pointsPerMonth: 1000 }];

function open(handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ "GET /api/user": () => testUser, "GET /api/subscriptions": () => plans, ...handlers });
  return { user: userEvent.setup(), fetchMock, ...renderApp("/pricing") };
}

describe("buy-points dialog", () => {
  it("starts at $10, steps by $10, shows the points and rounds typed amounts down", async () => {
    const { user } = open();
    await user.click(await screen.findByRole("button", { name: "Buy Points" }));
    const dialog = await screen.findByRole("dialog", { name: "Buy Points" });
    const amount = within(dialog).getByLabelText("Amount (USD)");
    expect(amount).toHaveValue(10);
    expect(within(dialog).getByTestId("points-to-buy")).toHaveTextContent("333");
    expect(within(dialog).getByRole("button", { name: "$10 less" })).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "$10 more" }));
    expect(amount).toHaveValue(20);
    expect(within(dialog).getByTestId("points-to-buy")).toHaveTextContent("666");
    await user.clear(amount);
    await user.type(amount, "25");
    await user.tab();
    expect(amount).toHaveValue(20);
    await user.clear(amount);
    await user.type(amount, "5");
    await user.tab();
    expect(amount).toHaveValue(10);
  });

  it("uses the subscriber's page price", async () => {
    const { user } = open({
      "GET /api/user/subscription": () => ({
        userSubscription: { priceId: "storyboard_pro_monthly", pricePerPage: 255, planName: "Pro" },
        points: 0,
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Buy Points" }));
    const dialog = await screen.findByRole("dialog", { name: "Buy Points" });
    await waitFor(() => expect(within(dialog).getByTestId("points-to-buy")).toHaveTextContent("392"));
    expect(dialog).toHaveTextContent("$2.55 per 100 points at your plan's rate");
  });

  it("creates the payment with the rounded amount and opens the card form", async () => {
    const { user, fetchMock } = open({
      "GET /api/points/balance": () => 500,
      "POST /api/create-payment-intent-v2": () => ({
        clientSecret: "pi_2_secret_y",
        paymentIntentId: "pi_2",
        amount: 2000,
        dollars: 20,
        points: 666,
      }),
      "GET /api/env": () => ({
        AWS_S3_URL_PREFIX: "/media/",
        STRIPE_PUBLISHABLE_KEY: "pk_test_local",
        STRIPE_API_URL: "http://stripe.local",
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Buy Points" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Buy Points" })).getByRole("button", { name: "$10 more" }));
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    const overlay = await screen.findByRole("dialog", { name: "Buy 666 points" });
    expect(callsTo(fetchMock, "POST /api/create-payment-intent-v2")).toEqual([{ amount: 20 }]);
    expect(within(overlay).getByLabelText("Card number")).toBeInTheDocument();
    expect(within(overlay).getByRole("button", { name: "Pay $20.00" })).toBeInTheDocument();
  });

  it("sends signed-out visitors to Register (/auth#register)", async () => {
    const { user, router } = open({ "GET /api/user": () => new Response("", { status: 401 }) });
    await user.click(await screen.findByRole("button", { name: "Buy Points" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.hash).toBe("#register");
  });
});
