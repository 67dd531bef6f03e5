/** The stand-in's hosted invoice page: the address a receipt links to opens the invoice; a wrong one does not. */
import type Stripe from "stripe";
import { standInWithWebhook } from "../test-support";

let t: Awaited<ReturnType<typeof standInWithWebhook>>;
beforeAll(async () => {
  t = await standInWithWebhook();
});
afterAll(() => t.stop());

describe("Stripe stand-in: hosted_invoice_url", () => {
  it("a finalized invoice has a hosted page with its number, lines, total and status", async () => {
    const [price] = (await t.stripe.prices.list({ lookup_keys: ["storyboard_pro_monthly"], limit: 1 })).data;
    const customer = await t.stripe.customers.create({ email: "hosted@example.com" });
    const created = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price!.id, quantity: 1 }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription", payment_method_types: ["card"] },
      expand: ["latest_invoice.confirmation_secret"],
    });
    const open = created.latest_invoice as Stripe.Invoice;
    await t.confirmAsBrowser(open.confirmation_secret!.client_secret, { payment_method: "pm_card_visa" });
    const invoice = await t.stripe.invoices.retrieve(open.id);
    expect(invoice.status).toBe("paid");
    const url = new URL(invoice.hosted_invoice_url!);
    expect(url.pathname).toBe(`/_stand-in/invoice/${invoice.id}`);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain(`Invoice ${invoice.number}`);
    expect(html).toContain("76.50 USD");
    expect(html).toContain("<strong>paid</strong>");

    url.searchParams.set("s", "guessed");
    expect((await fetch(url)).status).toBe(404);
  });
});
