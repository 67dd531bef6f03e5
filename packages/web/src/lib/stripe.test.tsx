import { authenticationOutcome, confirmOffline, isAuthenticationResult, PaymentFailure } from "./stripe";

const call = { apiUrl: "http://127.0.0.1:9999", publishableKey: "pk_test_x", clientSecret: "pi_1_secret_abc" };
const answer = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe("the offline card form's confirm (3-D Secure)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("pays at once when the card needs nothing more", async () => {
    vi.stubGlobal("fetch", answer({ id: "pi_1", status: "succeeded" }));
    expect(await confirmOffline({ ...call, card: "pm_card_visa" })).toEqual({ kind: "succeeded", id: "pi_1" });
  });

  it("hands back the bank's page when the card asks for authentication", async () => {
    const url = "http://127.0.0.1:9999/_stand-in/3ds/pi_1?client_secret=pi_1_secret_abc";
    vi.stubGlobal(
      "fetch",
      answer({ id: "pi_1", status: "requires_action", next_action: { type: "use_stripe_sdk", use_stripe_sdk: { stripe_js: url } } }),
    );
    expect(await confirmOffline({ ...call, card: "pm_card_authenticationRequired" })).toEqual({ kind: "authenticate", id: "pi_1", url });
  });

  it("reads the outcome after the bank's page: succeeded pays, a failed challenge is a decline the buyer can fix", async () => {
    const fetchMock = answer({ id: "pi_1", status: "succeeded" });
    vi.stubGlobal("fetch", fetchMock);
    expect(await authenticationOutcome(call)).toBe("pi_1");
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
      "http://127.0.0.1:9999/v1/payment_intents/pi_1?client_secret=pi_1_secret_abc",
    );

    vi.stubGlobal(
      "fetch",
      answer({
        id: "pi_1",
        status: "requires_payment_method",
        last_payment_error: { message: "We are unable to authenticate your payment method." },
      }),
    );
    const failure = await authenticationOutcome(call).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentFailure);
    expect((failure as PaymentFailure).declined).toBe(true);
    expect((failure as PaymentFailure).message).toMatch(/unable to authenticate/);
  });

  it("listens only for the stand-in's result about this payment", () => {
    expect(isAuthenticationResult({ type: "stripe-stand-in-3ds-result", payment_intent: "pi_1" }, "pi_1")).toBe(true);
    expect(isAuthenticationResult({ type: "stripe-stand-in-3ds-result", payment_intent: "pi_2" }, "pi_1")).toBe(false);
    expect(isAuthenticationResult("hello", "pi_1")).toBe(false);
  });
});
