import { useEffect, useRef, useState } from "react";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PurchaseRenderInput, RenderPaymentIntentInput } from "@storyboard/core/billing/schema";
import type { CreateRenderInput } from "@storyboard/core/render/schema";
import type { Voice } from "@storyboard/core/provider/types";
import type { CharacterEntry } from "@storyboard/core/screenplay/types";
import { toast } from "../../../components/ui/use-toast";
import { api, ApiError } from "../../../lib/api";
import { USER_QUERY_KEY } from "../../../lib/query-keys";
import { uploadToPresignedUrl } from "../../../lib/upload";

export type { Voice };

/** POST /api/screenplays/{id}/render-quote: what the render reuses from the writer's earlier renders, and its price. */
export interface RenderQuote {
  blocks: number;
  reused: number;
  cost: number;
  fullCost: number;
  from: { renderJobId: string; version: number } | null;
}

export function useRenderQuote(
  screenplayId: string,
  choice: { style: string; aspect?: string; characterVoices: Record<string, { voiceId: string }> },
  enabled: boolean,
) {
  return useQuery({
    queryKey: ["render-quote", screenplayId, choice] as const,
    queryFn: () => api.post<RenderQuote>(`/api/screenplays/${encodeURIComponent(screenplayId)}/render-quote`, choice),
    enabled,
  });
}

/** The fields of GET /api/screenplays/{id} this screen reads. */
export interface ScreenplayForRender {
  id: string;
  title: string;
  status: string;
  pageCount: number | null;
  estimatedCost: number | null;
  characterDictionary: Record<string, Partial<CharacterEntry>>;
  /** Voices carried over from earlier drafts (docs/decisions.md#revised-drafts); absent on older answers. */
  characterVoices?: Record<string, { voiceId: string; voiceName?: string }>;
}

/** Parsing has not finished in these statuses: the screenplay cannot be rendered yet. */
export const isScreenplayProcessing = (status: string | undefined) => status === "uploaded" || status === "parsing";

/** Same key as the screenplay screen's query, so both share one cached copy. */
export const screenplayForRenderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["screenplays", id] as const,
    queryFn: () => api.get<ScreenplayForRender>(`/api/screenplays/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (isScreenplayProcessing(query.state.data?.status) ? 2000 : false),
  });

export const voicesQueryOptions = () =>
  queryOptions({
    queryKey: ["voices"] as const,
    queryFn: () => api.get<Voice[]>("/api/voices"),
  });

export const useScreenplayForRender = (id: string) => useQuery(screenplayForRenderQueryOptions(id));
export const useVoices = () => useQuery(voicesQueryOptions());

/** The 402 answer of POST /api/renders: what the render costs and what is missing. */
export interface PaymentRequired {
  message: string;
  cost: number;
  balance: number;
  shortfall: number;
}

/** The payment details of a 402 `payment_required` error, or null for any other failure. */
export function paymentRequiredOf(error: unknown): PaymentRequired | null {
  if (!(error instanceof ApiError) || error.status !== 402) return null;
  const prefix = `${error.status}: `;
  const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : "";
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the numbers stay unknown (NaN) and the view says so.
  }
  const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : Number.NaN);
  return {
    message: error.serverMessage ?? "You don't have enough points for this render.",
    cost: num(body.cost),
    balance: num(body.balance),
    shortfall: num(body.shortfall),
  };
}

/**
 * POST /api/renders. A 402 is not toasted: the screen switches to 'Complete Your Purchase'.
 * Points, the render lists and the screenplay's render count all change.
 * One key per screen: a double click or a retried request starts one render and charges once.
 */
export function useCreateRender() {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  return useMutation({
    mutationFn: (input: CreateRenderInput) => api.post<{ id: string }>("/api/renders", { ...input, idempotencyKey }),
    onSuccess: async () => {
      toast({ title: "Render job created!" });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["renders"] }),
        queryClient.invalidateQueries({ queryKey: ["screenplays"] }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ["points"] }),
      ]);
    },
    onError: (error) => {
      if (paymentRequiredOf(error)) return;
      toast({
        variant: "destructive",
        title: "Error creating render job",
        description: error instanceof ApiError ? (error.serverMessage ?? error.message) : "Please check your connection and try again.",
      });
    },
  });
}

/**
 * POST /api/create-payment-intent: the points the balance lacks for this render, priced in cents
 * at the writer's rate (docs/decisions.md#a-render-by-card-pays-only-what-is-missing).
 */
export interface RenderPaymentIntent {
  clientSecret: string;
  paymentIntentId: string;
  /** Cents. */
  amount: number;
  /** Points the payment buys (the missing points, or more when Stripe's minimum charge buys more). */
  points: number;
  /** The render's cost in points (reuse-aware), what it takes from the balance once the points are bought. */
  cost: number;
  /** The balance the price was made from (0 while points are owed). */
  balance: number;
  /** Points the balance lacks. */
  missing: number;
}

export function useCreateRenderPayment() {
  return useMutation({
    mutationFn: ({ screenplayId, style, characterVoices, aspect }: RenderPaymentIntentInput) =>
      api.post<RenderPaymentIntent>("/api/create-payment-intent", { screenplayId, style, characterVoices: characterVoices ?? {}, aspect }),
  });
}

/** POST /api/purchase-render: the paid intent and every setting of the render as POST /api/renders takes it; the render starts. */
export function usePurchaseRender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentIntentId, values: { title, ...settings } }: { paymentIntentId: string; values: CreateRenderInput }) =>
      api.post<{ renderJob: { id: string } }>("/api/purchase-render", {
        ...settings,
        characterVoices: settings.characterVoices ?? {},
        paymentIntentId,
        renderTitle: title,
      } satisfies PurchaseRenderInput),
    onSettled: async () => {
      await Promise.all(
        [["renders"], ["screenplays"], USER_QUERY_KEY, ["points"], ["payments"], ["payment-methods"]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/** A music track the server checked and keeps (docs/decisions.md#music-uploads). */
export interface MusicUpload {
  musicUploadId: string;
  fileName: string;
  durationMs: number;
  loudnessLufs: number;
}

interface MusicPut {
  musicUploadId: string;
  url: string;
}

/** Where an upload is: the file on its way to storage (its share sent, once known), or the server checking it. */
export type MusicUploadStep = { step: "sending"; share: number | null } | { step: "checking" };

/**
 * The writer's track in three steps (docs/decisions.md#music-uploads-straight-to-the-bucket): the API
 * signs a PUT of the file's size (refusing the size, type or rights at once), the browser sends the file
 * straight to the bucket (up to 20 MB, over the API's body limit), and the API checks what arrived.
 * `step` says which of the last two is under way; leaving the screen stops the PUT.
 */
export function useUploadMusic() {
  const [step, setStep] = useState<MusicUploadStep | null>(null);
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  const mutation = useMutation({
    mutationFn: async ({ file, rightsConfirmed }: { file: File; rightsConfirmed: boolean }) => {
      setStep({ step: "sending", share: null });
      const put = await api.post<MusicPut>("/api/music-uploads/presigned", { fileName: file.name, size: file.size, rightsConfirmed });
      await uploadToPresignedUrl(put.url, file, {
        onProgress: (share) => setStep({ step: "sending", share }),
        signal: leaving.current?.signal,
      });
      setStep({ step: "checking" });
      return api.post<MusicUpload>(`/api/music-uploads/${put.musicUploadId}/check`, { fileName: file.name, rightsConfirmed });
    },
    onSettled: () => setStep(null),
  });
  return { ...mutation, step };
}
