/**
 * Stripe's hosted invoice page, as the stand-in serves it: every finalized
 * invoice gets a `hosted_invoice_url` (unguessable, as Stripe's is) that opens
 * a read-only page with the invoice's number, lines, tax, total and status, so
 * a receipt's "View your invoice" link works offline.
 */
import { randomBytes } from "node:crypto";
import type { StripeObject, StripeStore } from "../store";

export const HOSTED_INVOICE_PATH = "/_stand-in/invoice/";

/** The address a finalized invoice is shown at. */
export function hostedInvoiceUrl(store: StripeStore, invoice: StripeObject): string {
  invoice._hostedSecret ??= randomBytes(12).toString("hex");
  return `${store.origin}${HOSTED_INVOICE_PATH}${invoice.id}?s=${invoice._hostedSecret}`;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const day = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);

function page(invoice: StripeObject): string {
  const lines = (invoice.lines.data as StripeObject[])
    .map(
      (l) =>
        `<tr><td>${escape(String(l.description ?? ""))}</td><td>${day(l.period.start)} – ${day(l.period.end)}</td><td class="n">${escape(money(l.amount, l.currency))}</td></tr>`,
    )
    .join("\n");
  const taxes = ((invoice.total_taxes ?? []) as StripeObject[])
    .map((t) => `<tr><td colspan="2">Tax</td><td class="n">${escape(money(t.amount, invoice.currency))}</td></tr>`)
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${escape(String(invoice.number ?? invoice.id))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{width:100%;border-collapse:collapse}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}.n{text-align:right}</style></head>
<body><main>
<h1>Invoice ${escape(String(invoice.number ?? invoice.id))}</h1>
<p>${escape(String(invoice.account_name ?? ""))} · billed to ${escape(String(invoice.customer_email ?? ""))} · status <strong>${escape(String(invoice.status))}</strong></p>
<table><thead><tr><th>Description</th><th>Period</th><th class="n">Amount</th></tr></thead>
<tbody>${lines}
${taxes}
<tr><th colspan="2">Total</th><th class="n">${escape(money(invoice.total, invoice.currency))}</th></tr>
<tr><td colspan="2">Amount paid</td><td class="n">${escape(money(invoice.amount_paid, invoice.currency))}</td></tr></tbody></table>
<p>This is the Stripe stand-in's hosted invoice page.</p>
</main></body></html>`;
}

/** `GET /_stand-in/invoice/:id?s=…`: the page, or 404 when the address is not the invoice's. */
export function hostedInvoiceRequest(store: StripeStore, method: string, url: URL): { status: number; html: string } {
  const invoice = store.find("invoice", decodeURIComponent(url.pathname.slice(HOSTED_INVOICE_PATH.length)));
  if (method !== "GET") return { status: 405, html: "<!doctype html><title>Method not allowed</title><h1>Method not allowed</h1>" };
  if (!invoice || !invoice._hostedSecret || invoice._hostedSecret !== url.searchParams.get("s"))
    return { status: 404, html: "<!doctype html><title>Not found</title><h1>This invoice link is not valid.</h1>" };
  return { status: 200, html: page(invoice) };
}
