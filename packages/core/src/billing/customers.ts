/**
 * One Stripe customer per user (docs/product.md#payments), created the first
 * time the user pays. Its id is on the user item and in payment_processor_ids.
 */
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { stripe } from "./stripe";

/** The user's Stripe customer id, or undefined before their first payment. */
export async function customerIdOf(userId: string): Promise<string | undefined> {
  const { data } = await db.entities.user.get({ userId }).go({ attributes: ["stripeCustomerId"] });
  return data?.stripeCustomerId ?? undefined;
}

/** Stripe's answer for an id it does not know (another account, a deleted customer, a stand-in that lost it). */
export const isUnknownToStripe = (error: { code?: string; statusCode?: number }) => error.code === "resource_missing" || error.statusCode === 404;

/**
 * A read about the user's customer at Stripe (saved cards), or undefined when the user has
 * none or Stripe no longer knows the stored one: a read answers as for a user who never paid
 * rather than a 500; the next payment replaces the customer (ensureCustomer).
 */
export async function readCustomer<T>(userId: string, read: (customerId: string) => Promise<T>): Promise<T | undefined> {
  const customer = await customerIdOf(userId);
  if (!customer) return undefined;
  return read(customer).catch((error: { code?: string; statusCode?: number }) => {
    if (isUnknownToStripe(error)) return undefined;
    throw error;
  });
}

/**
 * The user's customer, created on first use. Stripe's idempotency key makes
 * concurrent first payments share one customer; the conditional write makes
 * the first id stick if two ever differ. A stored id that Stripe no longer
 * knows (another Stripe account after a deployment, a customer deleted there,
 * a stand-in that lost it) is replaced by a new customer, recorded the same
 * way, instead of failing every billing call (docs/decisions.md#crash-safety).
 */
export async function ensureCustomer(userId: string): Promise<string> {
  const { data: user } = await db.entities.user.get({ userId }).go();
  if (!user) throw AppError.unauthorized();
  const stale = user.stripeCustomerId;
  if (stale) {
    const known = await stripe()
      .customers.retrieve(stale)
      .then((customer) => !customer.deleted)
      .catch((error: { code?: string; statusCode?: number }) => {
        if (isUnknownToStripe(error)) return false;
        throw error;
      });
    if (known) return stale;
  }
  const customer = await stripe().customers.create(
    { email: user.email, name: user.fullName || user.username, metadata: { userId } },
    { idempotencyKey: stale ? `customer-${userId}-replacing-${stale}` : `customer-${userId}` },
  );
  const result = await db.transaction
    .write(({ user: users, paymentProcessorId }) => [
      users
        .patch({ userId })
        .set({ stripeCustomerId: customer.id })
        .where(({ stripeCustomerId }, { eq, notExists }) => (stale ? eq(stripeCustomerId, stale) : notExists(stripeCustomerId)))
        .commit(),
      paymentProcessorId.put({ internalId: userId, type: "customer", processorName: "stripe", externalId: customer.id }).commit(),
    ])
    .go();
  if (!result.canceled) return customer.id;
  const winner = await customerIdOf(userId);
  if (!winner) throw new AppError("internal", "The payment account could not be saved.");
  return winner;
}
