import { dynamoClient } from "../dynamo/client";
import { db } from "../dynamo/service";
import { PollCache } from "./poll-cache";
import { isActive } from "./status";

/**
 * The render job as the two polled routes read it (docs/decisions.md#scale):
 * reused for up to RENDER_POLL_CACHE_MS in this process, and only while its
 * status is one the render page polls every 10 s (so a stale answer is
 * corrected by the next poll); a job at a review gate's end or finished is
 * read every time. Any write this process sends to the table forgets every
 * kept job, so a change made here (locally: every API write) shows at once;
 * a change made by another process (a worker thread, another Lambda) shows
 * within RENDER_POLL_CACHE_MS.
 */
export const RENDER_POLL_CACHE_MS = 1_000;

type RenderJobRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof db.entities.renderJob.get>["go"]>>["data"]>;

// A job item carries its screenplay's dictionaries, which grow with the screenplay; a process polls few renders at once.
const jobs = new PollCache<RenderJobRecord>({ ttlMs: RENDER_POLL_CACHE_MS, cacheable: (job) => isActive(job.status), maxEntries: 500 });

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
