/** Amounts are stored in cents and shown as USD with 2 decimals (docs/product.md#constants). */
export function formatCents(cents: number, currency = "USD"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}
