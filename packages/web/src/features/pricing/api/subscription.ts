import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../../lib/api";
import { USER_QUERY_KEY } from "../../../lib/query-keys";
import { idempotencyHeader } from "./request-key";

/** GET /api/user/subscription (docs/product.md#subscriptions): null without a live subscription. */
export interface UserSubscription {
  priceId: string;
  planId: string | null;
  planName: string;
  interval: "month" | "year" | null;
  /** Cents per 100 points at the plan's rate (retail while a payment is past due). */
  pricePerPage: number;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  pendingPriceId: string | null;
  pendingPlanName: string | null;
}

export interface UserSubscriptionAnswer {
  userSubscription: UserSubscription | null;
  points: number;
}

export interface ChangeEstimate {
  /** Cents charged today. */
  estimate: number;
  /** Points the change credits at once (docs/decisions.md#upgrades-credit-what-was-paid-for). */
  points: number;
  change: "upgrade" | "downgrade" | "same";
  prorationDate: number;
  /** When a downgrade applies (ISO); null for a change that applies now. */
  effectiveAt: string | null;
}

export const USER_SUBSCRIPTION_KEY = ["user-subscription"] as const;

/** After a change the page refreshes every 2 s for 30 s (docs/product.md#constants). */
export const POLL_INTERVAL_MS = 2000;
export const POLL_DURATION_MS = 30_000;

export const userSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: USER_SUBSCRIPTION_KEY, queryFn: () => api.get<UserSubscriptionAnswer>("/api/user/subscription") });

/** The user's subscription, polled while `pollUntil` (epoch ms) lies ahead. */
export function useUserSubscription(enabled: boolean, pollUntil: number) {
  return useQuery({
    ...userSubscriptionQueryOptions(),
    enabled,
    refetchInterval: () => (Date.now() < pollUntil ? POLL_INTERVAL_MS : false),
  });
}

/** Starts the 30 s of 2 s refreshes; the balance and the user are refreshed with it, and once more at the end. */
export function useChangePolling() {
  const queryClient = useQueryClient();
  const [pollUntil, setPollUntil] = useState(0);
  const refreshAll = () =>
    Promise.all(
      [USER_SUBSCRIPTION_KEY, USER_QUERY_KEY, ["points"], ["payments"]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  useEffect(() => {
    if (pollUntil <= Date.now()) return;
    const tick = setInterval(() => void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }), POLL_INTERVAL_MS);
    const stop = setTimeout(() => {
      clearInterval(tick);
      void refreshAll();
    }, pollUntil - Date.now());
    return () => {
      clearInterval(tick);
      clearTimeout(stop);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts only when a new change starts the window
  }, [pollUntil]);
  return {
    pollUntil,
    startPolling: () => {
      setPollUntil(Date.now() + POLL_DURATION_MS);
      void refreshAll();
    },
  };
}

export const useSubscribe = () =>
  useMutation({
    mutationFn: ({ priceId, requestKey }: { priceId: string; requestKey: string }) =>
      api.post<{ clientSecret: string; priceId: string }>("/api/userSubscription", { priceId }, idempotencyHeader(requestKey)),
  });

/** The estimate of changing to `priceId`; read when the change dialog opens, never cached. */
export const useChangeEstimate = (priceId: string | null) =>
  useQuery({
    queryKey: ["subscription-estimate", priceId],
    queryFn: () => api.post<ChangeEstimate>("/api/userSubscription/estimate", { priceId }),
    enabled: !!priceId,
    staleTime: 0,
    gcTime: 0,
  });

export const useChangeSubscription = () =>
  useMutation({
    mutationFn: ({ requestKey, ...input }: { priceId: string; prorationDate?: number; requestKey: string }) =>
      api.put<{ userSubscription: UserSubscription | null }>("/api/userSubscription", input, idempotencyHeader(requestKey)),
  });

export const useCancelSubscription = () =>
  useMutation({
    mutationFn: (requestKey: string) =>
      api.delete<{ userSubscription: UserSubscription | null }>("/api/userSubscription", idempotencyHeader(requestKey)),
  });
