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

/**
 * What the job measured of the running phase, read from the job item alone
 * (docs/decisions.md#scale: polls read one item). Generation counts assets
 * (images and narration clips); the compile counts milliseconds of video
 * encoded, as each segment task adds its length.
 */
export interface RenderPace {
  /** When PlanBlocks started this generation, and how many assets already existed then. */
  generateStartedAt?: string | null;
  assetsAtStart?: number | null;
  /** Assets needed (two per media block) and made so far. */
  assetsTotal?: number | null;
  assetsMade?: number | null;
  /** When PlanCompile started the compile, the video's planned length and how much of it is encoded. */
  compileStartedAt?: string | null;
  videoMs?: number | null;
  videoEncodedMs?: number | null;
  /** When the job last changed: the moment the counters above were true. */
  measuredAt?: string | null;
}

/**
 * Before any segment is encoded, the compile is estimated at four seconds of
 * video per second of work (and labelled "about"): conservative against the
 * offline compile measured at about 13 (a 28 s video in 2.2 s on two shared
 * cores, docs/decisions.md#what-the-writer-sees).
 */
export const ASSUMED_VIDEO_MS_PER_MS = 4;

/** "about N minutes left", or "almost done" when nothing is left to wait for. */
export function minutesLeftLabel(leftMs: number): string {
  if (leftMs <= 0) return "almost done";
  const minutes = Math.ceil(leftMs / 60_000);
  return minutes <= 1 ? "about 1 minute left" : `about ${minutes} minutes left`;
}

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

/** A render whose job has not changed for this long is not moving: no time left is shown for it (docs/decisions.md#crash-safety). */
export const STALLED_AFTER_MS = 5 * 60_000;

export const isStalled = (pace: Pick<RenderPace, "measuredAt">, now = Date.now()) => now - time(pace.measuredAt) > STALLED_AFTER_MS;

/** What remains at the rate measured from `startedAt` to `measuredAt`, less the time since; null without progress to measure. */
function leftAtMeasuredRate(done: number, total: number, startedAt: number, measuredAt: number, now: number): number | null {
  const elapsed = measuredAt - startedAt;
  if (done <= 0 || !(elapsed > 0)) return null;
  return (Math.max(0, total - done) * elapsed) / done - Math.max(0, now - measuredAt);
}

/**
 * Time left, from what this render measured (docs/decisions.md#what-the-writer-sees):
 * - generating: assets made per second since this generation started;
 * - compiling: video encoded per second since the compile started; before the
 *   first segment is done, the planned length at ASSUMED_VIDEO_MS_PER_MS;
 * - otherwise (queued, the review gates, rendering before the compile's plan,
 *   complete, failed): no number.
 */
export function timeLeftLabel(status: RenderStatus, pace: RenderPace | null | undefined, now = Date.now()): string | null {
  if (!pace || isStalled(pace, now)) return null;
  const measuredAt = time(pace.measuredAt);
  if (status === "generating_assets") {
    const startedAt = time(pace.generateStartedAt);
    const total = pace.assetsTotal ?? 0;
    const made = pace.assetsMade ?? 0;
    if (Number.isNaN(startedAt) || total <= 0) return null;
    if (made >= total) return "almost done";
    const left = leftAtMeasuredRate(made - (pace.assetsAtStart ?? 0), total - (pace.assetsAtStart ?? 0), startedAt, measuredAt, now);
    return left === null ? null : minutesLeftLabel(left);
  }
  if (status === "compiling") {
    const startedAt = time(pace.compileStartedAt);
    const videoMs = pace.videoMs ?? 0;
    if (Number.isNaN(startedAt) || videoMs <= 0) return null;
    const encoded = Math.min(videoMs, pace.videoEncodedMs ?? 0);
    if (encoded >= videoMs) return "almost done";
    const measured = leftAtMeasuredRate(encoded, videoMs, startedAt, measuredAt, now);
    return minutesLeftLabel(measured ?? videoMs / ASSUMED_VIDEO_MS_PER_MS - Math.max(0, now - startedAt));
  }
  return null;
}
