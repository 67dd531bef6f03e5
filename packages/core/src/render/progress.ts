import type { RenderStatus } from "./status";

/** Without an estimate, time-based progress measures against three hours. */
export const DEFAULT_ESTIMATE_MS = 3 * 60 * 60 * 1000;

export interface MediaCompletion {
  total: number;
  remaining: number;
  typeBreakdown: { audio: { total: number; remaining: number }; image: { total: number; remaining: number } };
}

export interface ProgressInput {
  status: RenderStatus;
  media?: Pick<MediaCompletion, "total" | "remaining"> | null;
  createdAt?: string | null;
  estimatedCompletionTime?: string | null;
  now?: number;
}

/** The review gates: the render waits for the writer, so the bar stands still. */
export const REVIEW_GATE_PERCENT: Partial<Record<RenderStatus, number>> = { descriptions_ready: 10, assets_ready: 90 };

export const isReviewGate = (status: RenderStatus) => status in REVIEW_GATE_PERCENT;

/**
 * The render page's percentage (docs/product.md#renders): complete 100, failed 0, queued 5;
 * held at a review gate (descriptions 10, images 90: nothing moves until the writer does);
 * with media counts, done/total of 90 (at least 5, exactly 90 when none remain);
 * otherwise time-based up to 89 against the estimate or three hours; else 5.
 */
export function progressPercent({ status, media, createdAt, estimatedCompletionTime, now = Date.now() }: ProgressInput): number {
  if (status === "complete") return 100;
  if (status === "failed") return 0;
  if (status === "queued") return 5;
  const gate = REVIEW_GATE_PERCENT[status];
  if (gate !== undefined) return gate;
  if (media && media.total > 0) {
    if (media.remaining <= 0) return 90;
    const done = media.total - media.remaining;
    return Math.max(5, Math.floor((done / media.total) * 90));
  }
  const started = createdAt ? Date.parse(createdAt) : NaN;
  if (!Number.isNaN(started)) {
    const end = estimatedCompletionTime ? Date.parse(estimatedCompletionTime) : NaN;
    const span = !Number.isNaN(end) && end > started ? end - started : DEFAULT_ESTIMATE_MS;
    return Math.min(89, Math.max(5, Math.floor(((now - started) / span) * 100)));
  }
  return 5;
}

/** "About N minutes left" while rendering; 'almost done' once the estimate has passed; null otherwise. */
export function timeLeftLabel(status: RenderStatus, estimatedCompletionTime: string | null | undefined, now = Date.now()): string | null {
  if (status !== "rendering" || !estimatedCompletionTime) return null;
  const left = Date.parse(estimatedCompletionTime) - now;
  if (Number.isNaN(left)) return null;
  if (left <= 0) return "almost done";
  const minutes = Math.ceil(left / 60_000);
  return minutes <= 1 ? "about 1 minute left" : `about ${minutes} minutes left`;
}

/** One observation of the media made so far, as the page polls it. */
export interface MediaSample {
  at: number;
  done: number;
}

/**
 * Time left from the rate measured between the first and the latest sample of
 * this phase ("about 3 minutes left"); null until two samples show progress.
 */
export function timeLeftFromRate(samples: readonly MediaSample[], total: number): string | null {
  if (samples.length < 2) return null;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const made = last.done - first.done;
  if (made <= 0 || last.at <= first.at) return null;
  const left = ((total - last.done) * (last.at - first.at)) / made;
  if (left <= 0) return "almost done";
  const minutes = Math.ceil(left / 60_000);
  return minutes <= 1 ? "about 1 minute left" : `about ${minutes} minutes left`;
}
