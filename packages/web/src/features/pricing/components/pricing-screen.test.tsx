import { PLANS } from "@storyboard/core/catalog/plans";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, callsTo, mockFetch, renderApp, testUser } from "../../../test/render";

const plans = PLANS.filter((p) => !p.adminOnly).map(({ adminOnly: _admin, ...p }) => p);
const proMonthly = {
  priceId: "storyboard_pro_monthly",
  planId: "pro",
  planName: "Pro",
  interval: "month",
  pricePerPage: 255,
  status: "active",
  currentPeriodEnd: "2026-12-24T12:00:00.000Z",
  cancelAtPeriodEnd: false,
  pendingPriceId: null as string | null,
  pendingPlanName: null as string | null,
};

function open(handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ "GET /api/user": () => testUser, "GET /api/subscriptions": () => plans, ...handlers });
  return { user: userEvent.setup(), fetchMock, ...renderApp("/pricing") };
}
const subscribed = (over: Partial<typeof proMonthly> = {}) => ({
  "GET /api/user/subscription": () => ({ userSubscription: { ...proMonthly, ...over }, points: 3500 }),
});
const card = async (name: string) =>
  (await screen.findByRole("heading", { name }, { timeout: 15_000 })).closest("[aria-labelledby]") as HTMLElement;

describe("pricing page", () => {
  it("shows monthly and annual prices, percent off retail, Most Popular on Pro and the annual saving", async () => {
    const { user } = open({ "GET /api/user": () => null });
    const pro = await card("Pro");
    expect(within(pro).getByText("Most Popular")).toBeInTheDocument();
    expect(pro).toHaveTextContent("$76.50 / month");
    expect(pro).toHaveTextContent("(15% off retail)");
    expect(screen.getByText("Save up to 20% with annual billing")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Annual" }));
    expect(screen.getByRole("button", { name: "Annual" })).toHaveAttribute("aria-pressed", "true");
    expect(pro).toHaveTextContent("$61.20 / month");
    expect(pro).toHaveTextContent("Billed $734.40 a year (save 20%)");
    expect(pro).toHaveTextContent("(32% off retail)");
    expect(screen.getByRole("heading", { name: "Retail points" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Frequently asked questions" })).toBeInTheDocument();
  }, 30_000); // the first test loads the lazy route cold

  it("sends signed-out visitors who subscribe to Register (/auth#register)", async () => {
    const { user, router, fetchMock } = open({ "GET /api/user": () => null });
    await user.click(await screen.findByRole("button", { name: "Subscribe: Pro" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.hash).toBe("#register");
    expect(callsTo(fetchMock, "POST /api/userSubscription")).toEqual([]);
  });

  it("subscribes: the payment overlay pays the first invoice", async () => {
    const { user, fetchMock } = open({
      "GET /api/user/subscription": () => ({ userSubscription: null, points: 500 }),
      "POST /api/userSubscription": () => ({ clientSecret: "pi_9_secret_z", priceId: "storyboard_pro_monthly" }),
      "GET /api/env": () => ({
        AWS_S3_URL_PREFIX: "/media/",
        STRIPE_PUBLISHABLE_KEY: "pk_test_local",
        STRIPE_API_URL: "http://stripe.local",
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Subscribe: Pro" }));
    const overlay = await screen.findByRole("dialog", { name: "Subscribe to Pro" });
    expect(callsTo(fetchMock, "POST /api/userSubscription")).toEqual([{ priceId: "storyboard_pro_monthly" }]);
    expect(within(overlay).getByRole("button", { name: "Pay $76.50" })).toBeInTheDocument();
  });

  it("says so when the subscription cannot be created, and when the plans cannot be loaded", async () => {
    const { user } = open({
      "GET /api/user/subscription": () => ({ userSubscription: null, points: 500 }),
      "POST /api/userSubscription": () => apiError(500, "Stripe is down"),
    });
    await user.click(await screen.findByRole("button", { name: "Subscribe: Studio" }));
    expect(await screen.findByText("Failed to create subscription")).toBeInTheDocument();
  });

  it("shows the plans' load error", async () => {
    open({ "GET /api/subscriptions": () => apiError(500, "boom") });
    expect(await screen.findByText("Failed to load subscription plans")).toBeInTheDocument();
  });

  it("marks the current plan with its pending downgrade and period end", async () => {
    open(subscribed({ pendingPriceId: "storyboard_starter_monthly", pendingPlanName: "Starter" }));
    const pro = await card("Pro");
    await waitFor(() => expect(within(pro).getByText("Your plan")).toBeInTheDocument());
    expect(within(pro).getByTestId("current-plan-note")).toHaveTextContent("Changes to Starter on Dec 24, 2026.");
    expect(within(await card("Starter")).getByRole("button", { name: "Downgrade: Starter" })).toBeDisabled();
    expect(within(pro).getByRole("button", { name: "Keep this plan: Pro" })).toBeEnabled();
    expect(screen.getByTestId("current-plan-summary")).toHaveTextContent("Your plan: Pro (monthly), $2.55 per page.");
  });

  it("upgrades with the estimate shown and the checkbox required", async () => {
    const { user, fetchMock } = open({
      ...subscribed(),
      "POST /api/userSubscription/estimate": () => ({
        estimate: 2173,
        change: "upgrade",
        prorationDate: 1_790_000_000,
        effectiveAt: null,
        points: 852,
      }),
      "PUT /api/userSubscription": () => ({
        userSubscription: { ...proMonthly, priceId: "storyboard_studio_monthly", planName: "Studio" },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Upgrade: Studio" }));
    const dialog = await screen.findByRole("dialog", { name: "Upgrade to Studio" });
    expect(await within(dialog).findByTestId("upgrade-estimate")).toHaveTextContent("$21.73");
    expect(within(dialog).getByTestId("upgrade-points")).toHaveTextContent("+852 points");
    const confirm = within(dialog).getByRole("button", { name: "Confirm upgrade" });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox"));
    await user.click(confirm);
    expect(await screen.findByText("Subscription Updated")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/userSubscription/estimate")).toEqual([{ priceId: "storyboard_studio_monthly" }]);
    expect(callsTo(fetchMock, "PUT /api/userSubscription")).toEqual([
      { priceId: "storyboard_studio_monthly", prorationDate: 1_790_000_000 },
    ]);
  });

  it("names a switch of the same plan to annual billing as a switch, not an upgrade to itself", async () => {
    const { user } = open({
      ...subscribed(),
      "POST /api/userSubscription/estimate": () => ({
        estimate: 22000,
        change: "upgrade",
        prorationDate: 1,
        effectiveAt: null,
        points: 2000,
      }),
    });
    await user.click(await screen.findByRole("button", { name: /^Annual/ }));
    await user.click(await screen.findByRole("button", { name: "Upgrade: Pro" }));
    const dialog = await screen.findByRole("dialog", { name: "Switch to annual billing" });
    expect(within(dialog).getByText("Pro, billed monthly, becomes Pro, billed annually.")).toBeInTheDocument();
    expect(within(dialog).queryByText(/From Pro to Pro/)).toBeNull();
    expect(await within(dialog).findByTestId("upgrade-points")).toHaveTextContent("+2,000 points");
  });

  it("a switch to annual on the day of subscribing says it adds no new points, and why, rather than '0 points'", async () => {
    // This month's points were credited already and its unused share comes back as money (docs/decisions.md).
    const { user } = open({
      ...subscribed(),
      "POST /api/userSubscription/estimate": () => ({ estimate: 65790, change: "upgrade", prorationDate: 1, effectiveAt: null, points: 0 }),
    });
    await user.click(await screen.findByRole("button", { name: /^Annual/ }));
    await user.click(await screen.findByRole("button", { name: "Upgrade: Pro" }));
    const dialog = await screen.findByRole("dialog", { name: "Switch to annual billing" });
    expect(await within(dialog).findByTestId("upgrade-points")).toHaveTextContent(/^No new points$/);
    expect(within(dialog).getByText(/its points off the first annual month's/)).toBeInTheDocument();
  });

  it("a downgrade says when it applies; a failed estimate or change says so", async () => {
    const { user } = open({
      ...subscribed(),
      "POST /api/userSubscription/estimate": () => ({
        estimate: 0,
        change: "downgrade",
        prorationDate: 1,
        effectiveAt: "2026-12-24T12:00:00.000Z",
      }),
      "PUT /api/userSubscription": () => apiError(409, "Your last subscription payment did not go through.", "conflict"),
    });
    await user.click(await screen.findByRole("button", { name: "Downgrade: Starter" }));
    const dialog = await screen.findByRole("dialog", { name: "Downgrade to Starter" });
    expect(await within(dialog).findByText(/changes to Starter \(monthly\) on Dec 24, 2026/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("checkbox"));
    await user.click(within(dialog).getByRole("button", { name: "Confirm change" }));
    expect(await screen.findByText("Failed to update subscription")).toBeInTheDocument();
    expect(screen.getByText("Your last subscription payment did not go through.")).toBeInTheDocument();
  });

  it("shows the estimate's error", async () => {
    const { user } = open({ ...subscribed(), "POST /api/userSubscription/estimate": () => apiError(500, "no") });
    await user.click(await screen.findByRole("button", { name: "Upgrade: Agency" }));
    expect(await screen.findByText("Failed to get upgrade estimate. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Confirm upgrade" })).toBeDisabled();
  });

  it("cancels with the checkbox required", async () => {
    const { user, fetchMock } = open({
      ...subscribed(),
      "DELETE /api/userSubscription": () => ({ userSubscription: { ...proMonthly, cancelAtPeriodEnd: true } }),
    });
    await user.click(await screen.findByRole("button", { name: "Cancel subscription" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel your subscription?" });
    const confirm = within(dialog).getByRole("button", { name: "Cancel subscription" });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox"));
    await user.click(confirm);
    expect(await screen.findByText("Subscription Cancelled")).toBeInTheDocument();
    expect(callsTo(fetchMock, "DELETE /api/userSubscription")).toHaveLength(1);
  });

  it("sends one Idempotency-Key per intent: the same for a retry whose answer never came, a new one once answered", async () => {
    let attempt = 0;
    const { user, fetchMock } = open({
      ...subscribed(),
      "DELETE /api/userSubscription": () => {
        attempt++;
        if (attempt === 1) return Promise.reject(new TypeError("Failed to fetch"));
        return apiError(409, "Another change to your subscription is in progress. Please try again in a moment.", "conflict");
      },
    });
    await user.click(await screen.findByRole("button", { name: "Cancel subscription" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel your subscription?" });
    await user.click(within(dialog).getByRole("checkbox"));
    const confirm = within(dialog).getByRole("button", { name: "Cancel subscription" });
    for (let i = 0; i < 3; i++) {
      await user.click(confirm);
      await waitFor(() => expect(attempt).toBe(i + 1));
    }
    const keys = fetchMock.mock.calls
      .filter(([, init]) => init?.method === "DELETE")
      .map(([, init]) => (init?.headers as Record<string, string>)["Idempotency-Key"]);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]); // the first answer never came: the retry is the same request
    expect(keys[2]).not.toBe(keys[1]); // the second was answered (409): a new attempt is a new request
  });
});
