import { seedFaqs } from "../faq/faq";

/** Writes what the product needs to run (FAQ items; plans join when billing lands). Idempotent. */
export async function seedCatalog() {
  await seedFaqs();
}
