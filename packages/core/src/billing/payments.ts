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
import { priceRender } from "../render/create";
import { getOwnScreenplay } from "../screenplay/records";
import { ensureCustomer, readCustomer } from "./customers";
import { brandName, type PurchaseKind } from "./intents";
import { activePlanFor, MAX_PURCHASE_DOLLARS, missingPointsPurchase, normalizePurchaseDollars, pointsForDollars } from "./rates";
import { renderPaymentIntentSchema, type RenderPaymentIntentInput } from "./schema";
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

/**
 * `POST /api/create-payment-intent {screenplayId, style?, characterVoices?}`:
 * the points this render lacks, at the buyer's page price
 * (docs/decisions.md#a-render-by-card-pays-only-what-is-missing). The render's
 * cost is the one `POST /api/renders` charges (reuse-aware, with the same voices).
 */
export async function createRenderPaymentIntent(input: RenderPaymentIntentInput) {
  const { screenplayId, style, characterVoices, aspect } = renderPaymentIntentSchema.parse(input);
  const userId = useUserId();
  const screenplay = await getOwnScreenplay(screenplayId);
  if (screenplay.status !== "ready") throw AppError.conflict("This screenplay is still being processed. Try again in a moment.");
  const [{ cost }, user, plan] = await Promise.all([
    priceRender(screenplay, style, characterVoices, aspect),
    db.entities.user.get({ userId }).go({ attributes: ["points", "pointsOwed"] }),
    activePlanFor(userId),
  ]);
  // Points owed from a refund or dispute cannot pay for anything: the card pays the whole render then.
  const owed = (user.data?.pointsOwed ?? 0) > 0;
  const balance = owed ? 0 : (user.data?.points ?? 0);
  const purchase = missingPointsPurchase(cost, balance, plan);
  if (purchase.missing === 0) throw AppError.conflict("You have enough points for this render. Confirm it to pay with your points.");
  const intent = await createIntent({
    userId,
    kind: "render",
    amount: purchase.cents,
    points: purchase.points,
    description: `${purchase.points.toLocaleString("en-US")} points for a render of "${screenplay.title}"`,
    metadata: { screenplayId, renderCost: String(cost), ...(plan ? { priceId: plan.priceId } : {}) },
  });
  return { ...intent, cost, balance, missing: purchase.missing, pointsOwed: owed };
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
  const methods = await readCustomer(useUserId(), (customer) => stripe().customers.listPaymentMethods(customer, { type: "card", limit: 100 }));
  if (!methods) return [];
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
