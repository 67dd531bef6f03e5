/**
 * Card payments for points and renders (docs/product.md#payments): the
 * PaymentIntents the browser confirms, and what `GET /api/payments` and
 * `GET /api/payment-methods` list. Points are credited by the webhook
 * (payment-events.ts); a render bought by card starts in purchase-render.ts.
 */
import { monotonicFactory } from "ulid";
import { useUserId } from "../actor";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { renderCost } from "../render/pricing";
import { getOwnScreenplay } from "../screenplay/records";
import { customerIdOf, ensureCustomer } from "./customers";
import { brandName, type PurchaseKind } from "./intents";
import { activePlanFor, MAX_PURCHASE_DOLLARS, normalizePurchaseDollars, pointsForDollars, renderPriceCents } from "./rates";
import { stripe } from "./stripe";

const newPaymentId = monotonicFactory();

async function createIntent(input: {
  userId: string;
  kind: PurchaseKind;
  amount: number;
  points: number;
  description: string;
  metadata?: Record<string, string>;
}) {
  const customer = await ensureCustomer(input.userId);
  const paymentId = newPaymentId();
  const intent = await stripe().paymentIntents.create({
    amount: input.amount,
    currency: "usd",
    customer,
    allowed_payment_method_types: ["card"],
    // Saves the card on the customer, so Billing lists it (docs/product.md#payments).
    setup_future_usage: "on_session",
    description: input.description,
    metadata: { ...input.metadata, kind: input.kind, userId: input.userId, paymentId, points: String(input.points) },
  });
  if (!intent.client_secret) throw new AppError("internal", "The payment could not be started.");
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id, amount: input.amount, points: input.points };
}

/**
 * `POST /api/create-payment-intent-v2 {amount}` (dollars): at least $10, in
 * steps of $10 rounded down; retail or the plan's points per dollar.
 */
export async function createPointsPaymentIntent(amount: number) {
  const userId = useUserId();
  const dollars = normalizePurchaseDollars(amount);
  if (dollars === null) throw AppError.badRequest("Enter an amount in dollars.");
  if (dollars > MAX_PURCHASE_DOLLARS)
    throw AppError.badRequest(`One purchase can be at most $${MAX_PURCHASE_DOLLARS.toLocaleString("en-US")}.`);
  const plan = await activePlanFor(userId);
  const points = pointsForDollars(dollars, plan);
  return {
    ...(await createIntent({
      userId,
      kind: "points",
      amount: dollars * 100,
      points,
      description: `${points.toLocaleString("en-US")} points`,
      metadata: plan ? { priceId: plan.priceId } : {},
    })),
    dollars,
  };
}

/** `POST /api/create-payment-intent {screenplayId}`: a render of the whole screenplay, priced per page in cents. */
export async function createRenderPaymentIntent(screenplayId: string) {
  const userId = useUserId();
  const screenplay = await getOwnScreenplay(screenplayId);
  if (screenplay.status !== "ready") throw AppError.conflict("This screenplay is still being processed. Try again in a moment.");
  const pageCount = screenplay.pageCount ?? 1;
  const plan = await activePlanFor(userId);
  const amount = renderPriceCents(pageCount, plan);
  const pages = Math.max(1, Math.ceil(pageCount));
  return createIntent({
    userId,
    kind: "render",
    amount,
    points: renderCost(pageCount),
    description: `Render of "${screenplay.title}" (${pages} ${pages === 1 ? "page" : "pages"})`,
    metadata: { screenplayId, pageCount: String(pageCount), ...(plan ? { priceId: plan.priceId } : {}) },
  });
}

/** `GET /api/payments`: the user's payments, newest first. */
export async function listPayments() {
  const userId = useUserId();
  const { data } = await db.entities.payment.query.byUser({ userId }).go({ order: "desc", pages: "all" });
  return data.map((p) => ({
    id: p.paymentId,
    amount: p.amount,
    currency: p.currency ?? "USD",
    status: p.status,
    paymentMethod: p.paymentMethod ?? null,
    description: p.description ?? null,
    createdAt: p.createdAt,
  }));
}

/** `GET /api/payment-methods`: the customer's cards, each card once (the offline form makes a new method per payment). */
export async function listPaymentMethods() {
  const customer = await customerIdOf(useUserId());
  if (!customer) return [];
  const methods = await stripe().customers.listPaymentMethods(customer, { type: "card", limit: 100 });
  const seen = new Set<string>();
  const cards = [];
  for (const pm of methods.data) {
    if (!pm.card) continue;
    const key = pm.card.fingerprint || `${pm.card.brand}:${pm.card.last4}:${pm.card.exp_month}:${pm.card.exp_year}`;
    if (seen.has(key)) continue;
    seen.add(key);
    cards.push({
      id: pm.id,
      brand: brandName(pm.card.brand),
      last4: pm.card.last4,
      exp_month: pm.card.exp_month,
      exp_year: pm.card.exp_year,
    });
  }
  return cards;
}
