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
