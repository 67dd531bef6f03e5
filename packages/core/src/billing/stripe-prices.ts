/**
 * Our price ids are Stripe lookup keys (docs/decisions.md#subscriptions): each
 * Stripe account (and the local stand-in) holds a price per key. These map a
 * key to the account's price id and back, remembering what they found: a
 * price's key never changes while the process lives.
 */
import type Stripe from "stripe";
import { AppError } from "../error";
import { stripe } from "./stripe";

const idByKey = new Map<string, string>();
const keyById = new Map<string, string>();

function remember(price: Stripe.Price) {
  if (price.lookup_key) {
    idByKey.set(price.lookup_key, price.id);
    keyById.set(price.id, price.lookup_key);
  }
}

/** The Stripe price id of a lookup key; a 500 if the account has no such price (a deployment mistake, not the user's). */
export async function stripePriceId(lookupKey: string): Promise<string> {
  const known = idByKey.get(lookupKey);
  if (known) return known;
  const { data } = await stripe().prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price = data[0];
  if (!price) throw new AppError("internal", "This plan is not set up for payments yet. Please try again later.");
  remember(price);
  return price.id;
}

/** Our price id (the lookup key) of a Stripe price, expanded or by id; the Stripe id when it has no key. */
export async function lookupKeyOf(price: string | Stripe.Price | Stripe.DeletedPrice | null | undefined): Promise<string | null> {
  if (!price) return null;
  if (typeof price !== "string") {
    if ("lookup_key" in price) {
      remember(price);
      return price.lookup_key ?? price.id;
    }
    price = price.id;
  }
  const known = keyById.get(price);
  if (known) return known;
  const fetched = await stripe().prices.retrieve(price);
  remember(fetched);
  return fetched.lookup_key ?? fetched.id;
}
