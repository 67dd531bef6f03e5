import { dynamoClient } from "../dynamo/client";
import { db } from "../dynamo/service";
import { PollCache } from "./poll-cache";
import { isActive } from "./status";

/**
 * The render job as the two polled routes read it (docs/decisions.md#scale):
 * reused for a moment in this process, and only in statuses the render page
 * polls every 10 s, so a stale answer is put right by the next poll. Where only
 * the pipeline changes the job (queued, generating, rendering, compiling) for
 * up to RENDER_POLL_CACHE_MS; at the description review, where the user edits
 * and approves, for REVIEW_POLL_CACHE_MS only, shorter than a request's round
 * trip, so the page's refetch after its own change almost always reads afresh
 * even when that change went through another process; at the image review,
 * complete or failed, never. Any write this process sends to the table forgets
 * every kept job, so a change made here (locally: every API write) shows at once.
 */
export const RENDER_POLL_CACHE_MS = 1_000;
export const REVIEW_POLL_CACHE_MS = 200;

type RenderJobRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof db.entities.renderJob.get>["go"]>>["data"]>;

const keepFor = (job: RenderJobRecord) => {
  if (!isActive(job.status)) return 0;
  return job.status === "descriptions_ready" ? REVIEW_POLL_CACHE_MS : RENDER_POLL_CACHE_MS;
};

// A job item carries its screenplay's dictionaries, which grow with the screenplay; a process polls few renders at once.
const jobs = new PollCache<RenderJobRecord>({ ttlMs: keepFor, maxEntries: 500 });

const WRITE_COMMANDS = /^(Put|Update|Delete|BatchWrite|TransactWrite|ExecuteStatement|BatchExecuteStatement|ExecuteTransaction)/;

// One client serves every table write of this process (the document client shares its middleware stack).
dynamoClient.middlewareStack.add(
  (next, context) => async (args) => {
    if (!WRITE_COMMANDS.test(context.commandName ?? "")) return next(args);
    try {
      return await next(args);
    } finally {
      jobs.changed();
    }
  },
  { step: "initialize", name: "renderPollCacheWrites", override: true },
);

/** The render job by id, or undefined; from the poll cache when allowed. */
export function readRenderJobForPoll(renderJobId: string): Promise<RenderJobRecord | undefined> {
  return jobs.read(renderJobId, async () => (await db.entities.renderJob.get({ renderJobId }).go()).data ?? undefined);
}
