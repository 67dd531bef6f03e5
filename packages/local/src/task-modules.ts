/**
 * The handler modules the local runner and the local S3 events call, each
 * imported by a literal name so a bundler (the command line's, cli/bundle.mjs)
 * can follow it. Keyed by the module names of TASK_HANDLERS, s3-events.ts and
 * the scheduled jobs (core/jobs/schedules.ts); task-modules.test.ts keeps the lists the same.
 */
type Handler = (input: never) => Promise<unknown>;

export const HANDLER_MODULES: Record<string, () => Promise<{ handler: Handler }>> = {
  "render/describe": () => import("@storyboard/functions/render/describe"),
  "render/plan-blocks": () => import("@storyboard/functions/render/plan-blocks"),
  "render/generate-block": () => import("@storyboard/functions/render/generate-block"),
  "render/assets-generated": () => import("@storyboard/functions/render/assets-generated"),
  "render/plan-compile": () => import("@storyboard/functions/render/plan-compile"),
  "render/compile-segment": () => import("@storyboard/functions/render/compile-segment"),
  "render/compile-audio": () => import("@storyboard/functions/render/compile-audio"),
  "render/package-render": () => import("@storyboard/functions/render/package-render"),
  "render/join-video": () => import("@storyboard/functions/render/join-video"),
  "render/finish-compile": () => import("@storyboard/functions/render/finish-compile"),
  "render/mark-failed": () => import("@storyboard/functions/render/mark-failed"),
  "s3/screenplay-uploaded": () => import("@storyboard/functions/s3/screenplay-uploaded"),
  "cron/hosting-expiry": () => import("@storyboard/functions/cron/hosting-expiry"),
  "cron/weekly-digest": () => import("@storyboard/functions/cron/weekly-digest"),
  "cron/subscription-credits": () => import("@storyboard/functions/cron/subscription-credits"),
  "cron/stuck-work": () => import("@storyboard/functions/cron/stuck-work"),
  "cron/provider-check": () => import("@storyboard/functions/cron/provider-check"),
};

/** A handler module's `handler`; an unknown name is a programming error. */
export async function loadHandler<T>(module: string): Promise<T> {
  const load = HANDLER_MODULES[module];
  if (!load) throw new Error(`No handler module "${module}" in task-modules.ts`);
  return (await load()).handler as T;
}
