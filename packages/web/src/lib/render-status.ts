/** How a render status reads and is coloured, everywhere a render appears. */
/** Readable names of the render statuses (docs/product.md#renders), including the values seen only elsewhere. */
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

/**
 * docs/product.md#renders badge colours: queued and rendering yellow, complete green, failed red, uploading blue.
 * The other working states (compiling, generating) are yellow too; the review states neutral.
 */
export function renderStatusTone(status: string): StatusTone {
  switch (status) {
    case "queued":
    case "rendering":
    case "compiling":
    case "generating_assets":
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
