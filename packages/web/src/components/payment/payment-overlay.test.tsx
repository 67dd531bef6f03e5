import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch, renderWithProviders } from "../../test/render";
import { cardFormSchema, formatCardNumber, formatExpiry, luhnValid, parseExpiry } from "./card-schema";
import { PaymentOverlay } from "./payment-overlay";

const overlay = (props: Partial<Parameters<typeof PaymentOverlay>[0]> = {}) => (
  <PaymentOverlay
    open
    clientSecret="pi_1_secret_x"
    title="Pay"
    amountLabel="$10.00"
    onSuccess={() => {}}
    onOpenChange={() => {}}
    {...props}
  />
);
const offlineEnv = { AWS_S3_URL_PREFIX: "/media/", STRIPE_PUBLISHABLE_KEY: "pk_test_local", STRIPE_API_URL: "http://stripe.local" };

describe("payment overlay", () => {
  it("says payment cannot start when the server has no Stripe key", async () => {
    mockFetch({ "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "/media/", STRIPE_PUBLISHABLE_KEY: null }) });
    renderWithProviders(overlay());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Payment initialization failed");
    expect(alert).toHaveTextContent("Unable to initialize payment. Please try again later.");
  });

  it("shows the server's message when the payment could not be created", async () => {
    mockFetch({ "GET /api/env": () => offlineEnv });
    renderWithProviders(overlay({ clientSecret: null, initError: "This screenplay is still being processed." }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Payment initialization failedThis screenplay is still being processed.");
  });

  it("checks the card before sending it and reports a network failure as a payment error", async () => {
    mockFetch({
      "GET /api/env": () => offlineEnv,
      "POST /v1/payment_intents/pi_1/confirm": () => Promise.reject(new TypeError("Failed to fetch")),
    });
    const user = userEvent.setup();
    renderWithProviders(overlay());
    const dialog = await screen.findByRole("dialog", { name: "Pay" });
    await user.type(await within(dialog).findByLabelText("Card number"), "4242424242424241");
    await user.type(within(dialog).getByLabelText("Expiry"), "0120");
    await user.click(within(dialog).getByRole("button", { name: "Pay $10.00" }));
    expect(await within(dialog).findByText("This card number is not valid.")).toBeInTheDocument();
    expect(within(dialog).getByText("This card has expired.")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the 3 or 4 digit security code.")).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText("Card number"));
    await user.type(within(dialog).getByLabelText("Card number"), "4242424242424242");
    await user.clear(within(dialog).getByLabelText("Expiry"));
    await user.type(within(dialog).getByLabelText("Expiry"), "1240");
    await user.type(within(dialog).getByLabelText("CVC"), "123");
    await user.click(within(dialog).getByRole("button", { name: "Pay $10.00" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Payment errorWe could not reach the payment service.");
  });
});

describe("card form helpers", () => {
  it("formats and validates as the buyer types", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatExpiry("1234")).toBe("12 / 34");
    expect(parseExpiry("12 / 34")).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry("13 / 34")).toBeNull();
    expect(luhnValid("4000 0000 0000 0002")).toBe(true);
    expect(luhnValid("4242 4242 4242 4241")).toBe(false);
    const schema = cardFormSchema(new Date("2026-11-24"));
    expect(schema.safeParse({ number: "4242424242424242", expiry: "11 / 26", cvc: "123" }).success).toBe(true);
    expect(schema.safeParse({ number: "4242424242424242", expiry: "10 / 26", cvc: "123" }).success).toBe(false);
  });
});
