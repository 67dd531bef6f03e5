import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { USER_QUERY_KEY } from "../../../lib/query-keys";
import { userSubscriptionQueryOptions } from "./subscription";

/** The answer of POST /api/create-payment-intent-v2 (docs/product.md#payments). */
export interface PointsPaymentIntent {
  clientSecret: string;
  paymentIntentId: string;
  /** Cents charged. */
  amount: number;
  /** Dollars after the server's rounding. */
  dollars: number;
  points: number;
}

/** The subscriber's page price in cents, or undefined (retail) when there is none or it cannot be read. */
export function useSubscriberPagePrice(enabled: boolean): number | undefined {
  const { data } = useQuery({ ...userSubscriptionQueryOptions(), enabled });
  const price = data?.userSubscription?.pricePerPage;
  return typeof price === "number" && price > 0 ? price : undefined;
}

async function currentBalance(): Promise<number | undefined> {
  const balance = await api.get<number | { balance: number }>("/api/points/balance").catch(() => undefined);
  return typeof balance === "number" ? balance : balance?.balance;
}

/** Creates the PaymentIntent; also notes the balance before it, to see the credit arrive. */
export function useCreatePointsPayment() {
  return useMutation({
    mutationFn: async (dollars: number) => {
      const balanceBefore = await currentBalance();
      const intent = await api.post<PointsPaymentIntent>("/api/create-payment-intent-v2", { amount: dollars });
      return { ...intent, balanceBefore };
    },
  });
}

/**
 * The points arrive with Stripe's webhook, a moment after the card is
 * confirmed: poll the balance until it has grown (or give up after `timeoutMs`),
 * then refresh everything that shows it.
 */
export function useAwaitPointsCredit() {
  const queryClient = useQueryClient();
  return async (previousBalance: number | undefined, timeoutMs = 20_000): Promise<boolean> => {
    const started = Date.now();
    let credited = false;
    while (Date.now() - started < timeoutMs) {
      const value = await currentBalance();
      if (value !== undefined && previousBalance !== undefined && value > previousBalance) {
        credited = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 700));
    }
    await Promise.all(
      [USER_QUERY_KEY, ["points"], ["payments"], ["payment-methods"]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    return credited;
  };
}
