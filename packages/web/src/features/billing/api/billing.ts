import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export interface Payment {
  id: string;
  /** Integer cents. */
  amount: number;
  currency?: string;
  status: string;
  paymentMethod?: string | null;
  description?: string | null;
  createdAt: string;
}

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** A saved card, flat or in the payment processor's `{ card: {...} }` shape. */
export type PaymentMethod = { id: string } & (CardDetails | { card: CardDetails });

export function cardOf(method: PaymentMethod): CardDetails {
  return "card" in method ? method.card : method;
}

export const paymentsQueryOptions = () => queryOptions({ queryKey: ["payments"], queryFn: () => api.get<Payment[]>("/api/payments") });

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: ["payment-methods"], queryFn: () => api.get<PaymentMethod[]>("/api/payment-methods") });

export const usePayments = () => useQuery(paymentsQueryOptions());
export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());

/** A subscription invoice and, while it is open, the client secret that pays it (the link of a renewal that needs authentication). */
export interface InvoicePayment {
  invoiceId: string;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  amountCents: number;
  currency: string;
  planLabel: string;
  subscriptionStatus: string | null;
  clientSecret: string | null;
  /** The PaymentIntent's status: `requires_action` while the bank waits, `requires_payment_method` after a failed challenge. */
  paymentStatus: string | null;
}

export const invoicePaymentQueryOptions = (invoiceId: string) =>
  queryOptions({
    queryKey: ["invoice-payment", invoiceId],
    queryFn: () => api.get<InvoicePayment>(`/api/userSubscription/payments/${encodeURIComponent(invoiceId)}`),
  });

export const useInvoicePayment = (invoiceId: string) => useQuery(invoicePaymentQueryOptions(invoiceId));
