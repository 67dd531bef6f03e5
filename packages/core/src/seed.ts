import { seedPlans } from "./billing/plans";
import { seedFaqs } from "./faq/faq";

/** Writes what the product needs to run: the FAQ and the plan catalogue. Idempotent. */
export async function seedCatalog() {
  await Promise.all([seedFaqs(), seedPlans()]);
}
