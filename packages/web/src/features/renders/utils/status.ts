import { ACTIVE_STATUSES, POLL_INTERVAL_MS } from "@storyboard/core/render/status";

/** Readable names of the render statuses (spec §4), including the values seen only elsewhere. */
const LABELS: Record<string, string> = {
  queued: "Queued",
  descriptions_ready: "Descriptions ready for review",
  generating_assets: "Generating images & audio",
  assets_ready: "Images ready for review",
  rendering: "Rendering",
  compiling: "Compiling",
  complete: "Complete",
  failed: "Failed",
  pending: "Pending",
  processing: "Processing",
  uploading: "Uploading",
  canceled: "Canceled",
};

export function renderStatusLabel(status: string): string {
  const known = LABELS[status];
  if (known) return known;
  const words = status.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type StatusTone = "yellow" | "green" | "red" | "blue" | "neutral";

/** Spec §4 badge colours: queued and rendering yellow, complete green, failed red, uploading blue, the rest neutral. */
export function renderStatusTone(status: string): StatusTone {
  switch (status) {
    case "queued":
    case "rendering":
      return "yellow";
    case "complete":
      return "green";
    case "failed":
      return "red";
    case "uploading":
      return "blue";
    default:
      return "neutral";
  }
}

export const STATUS_TONE_CLASSES: Record<StatusTone, string> = {
  yellow: "bg-yellow-100 text-yellow-900 dark:bg-yellow-500/15 dark:text-yellow-300",
  green: "bg-green-100 text-green-900 dark:bg-green-500/15 dark:text-green-300",
  red: "bg-red-100 text-red-900 dark:bg-red-500/15 dark:text-red-300",
  blue: "bg-blue-100 text-blue-900 dark:bg-blue-500/15 dark:text-blue-300",
  neutral: "bg-secondary text-secondary-foreground",
};

/** The statuses during which the render page asks again every 10 s (spec §4). */
export const isPollingStatus = (status: string | undefined): boolean =>
  !!status && (ACTIVE_STATUSES as readonly string[]).includes(status);

/** A TanStack Query refetchInterval: 10 s while active, off otherwise. */
export const pollInterval = (status: string | undefined): number | false => (isPollingStatus(status) ? POLL_INTERVAL_MS : false);

/** Poster, downloads and the video editor show from these on (spec §4). */
export const showsAssets = (status: string | undefined) => status === "assets_ready" || status === "complete";
