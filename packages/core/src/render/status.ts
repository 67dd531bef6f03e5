/** Render statuses and who may move a render from one to the next. Browser-safe. */
export const RENDER_STATUSES = [
  "queued",
  "descriptions_ready",
  "generating_assets",
  "assets_ready",
  "rendering",
  "compiling",
  "complete",
  "failed",
] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/** Statuses during which the render page polls every 10 s. */
export const ACTIVE_STATUSES: readonly RenderStatus[] = ["queued", "descriptions_ready", "generating_assets", "rendering", "compiling"];
export const POLL_INTERVAL_MS = 10_000;

/** Moves the pipeline makes by itself. */
const PIPELINE_MOVES: Record<RenderStatus, readonly RenderStatus[]> = {
  queued: ["descriptions_ready", "generating_assets", "failed"],
  descriptions_ready: ["generating_assets", "failed"],
  generating_assets: ["assets_ready", "rendering", "failed"],
  assets_ready: ["rendering", "failed"],
  rendering: ["compiling", "failed"],
  compiling: ["complete", "failed"],
  complete: ["rendering"],
  failed: ["generating_assets", "rendering"],
};

/** Moves a user may ask for through `PUT /api/renders/status`: the two review gates. */
const USER_MOVES: Partial<Record<RenderStatus, readonly RenderStatus[]>> = {
  descriptions_ready: ["generating_assets"],
  assets_ready: ["rendering"],
};

export const canPipelineMove = (from: RenderStatus, to: RenderStatus) => PIPELINE_MOVES[from]?.includes(to) ?? false;
export const canUserMove = (from: RenderStatus, to: RenderStatus) => USER_MOVES[from]?.includes(to) ?? false;
export const isActive = (status: RenderStatus) => ACTIVE_STATUSES.includes(status);
/** Poster, downloads and the video editor show from these on. */
export const hasAssets = (status: RenderStatus) => status === "assets_ready" || status === "complete";
