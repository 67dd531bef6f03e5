import { ACTIVE_STATUSES, POLL_INTERVAL_MS } from "@storyboard/core/render/status";

/** The statuses during which the render page asks again every 10 s (docs/product.md#renders). */
export const isPollingStatus = (status: string | undefined): boolean =>
  !!status && (ACTIVE_STATUSES as readonly string[]).includes(status);

/** A TanStack Query refetchInterval: 10 s while active, off otherwise. */
export const pollInterval = (status: string | undefined): number | false => (isPollingStatus(status) ? POLL_INTERVAL_MS : false);

/** Poster, downloads and the video editor show from these on (docs/product.md#renders). */
export const showsAssets = (status: string | undefined) => status === "assets_ready" || status === "complete";
