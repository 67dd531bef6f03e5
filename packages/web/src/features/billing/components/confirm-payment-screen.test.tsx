import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, mockFetch, renderApp, testUser } from "../../../test/render";

const offlineEnv = { AWS_S3_URL_PREFIX: "/media/", STRIPE_PUBLISHABLE_KEY: "pk_test_local", STRIPE_API_URL: "http://stripe.local" };
const waiting = {
  invoiceId: "in_1",
  status: "open",
  amountCents: 2700,
  currency: "usd",
  planLabel: "Starter (monthly)",
  subscriptionStatus: "past_due",
  clientSecret: "pi_1_secret_x",
  paymentStatus: "requires_action",
};
const challengeUrl = "http://stripe.local/_stand-in/3ds/pi_1?client_secret=pi_1_secret_x";

describe("confirm a renewal payment (the e-mailed link)", () => {
  it("opens the bank's page for the invoice's payment and shows it paid once the bank confirms", async () => {
    let invoice: Record<string, unknown> = waiting;
    let intent: Record<string, unknown> = {
      id: "pi_1",
      status: "requires_action",
      next_action: { type: "use_stripe_sdk", use_stripe_sdk: { stripe_js: challengeUrl } },
    };
    mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/env": () => offlineEnv,
      "GET /api/userSubscription/payments/in_1": () => invoice,
      "GET /v1/payment_intents/pi_1": () => intent,
    });
    const user = userEvent.setup();
    renderApp("/billing/confirm-payment/in_1");
    expect(await screen.findByText("$27.00 for Starter (monthly)")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Confirm with my bank" }));
    const frame = await screen.findByTitle("Confirm your payment with your bank");
    expect(frame).toHaveAttribute("src", challengeUrl);
    intent = { id: "pi_1", status: "succeeded" };
    invoice = { ...waiting, status: "paid", clientSecret: null, paymentStatus: "succeeded" };
    fireEvent(
      window,
      new MessageEvent("message", { origin: "http://stripe.local", data: { type: "stripe-stand-in-3ds-result", payment_intent: "pi_1" } }),
    );
    expect(await screen.findByText("Payment confirmed")).toBeInTheDocument();
  });

  it("after a failed challenge offers to pay with another card", async () => {
    mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/env": () => offlineEnv,
      "GET /api/userSubscription/payments/in_1": () => ({ ...waiting, paymentStatus: "requires_payment_method" }),
    });
    const user = userEvent.setup();
    renderApp("/billing/confirm-payment/in_1");
    expect(await screen.findByText(/Your bank did not confirm the payment/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Pay with another card" }));
    expect(await screen.findByRole("dialog", { name: "Pay with another card" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Card number")).toBeInTheDocument());
  });

  it("another account's or an unknown payment: not found", async () => {
    mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/env": () => offlineEnv,
      "GET /api/userSubscription/payments/in_2": () => apiError(404, "Payment not found.", "not_found"),
    });
    renderApp("/billing/confirm-payment/in_2");
    expect(await screen.findByText("Payment not found")).toBeInTheDocument();
  });
});
