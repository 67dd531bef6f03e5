import { dynamoClient } from "../dynamo/client";
import { tableKeys } from "../dynamo/keys";
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
 * the jobs whose item it touches, so a change made here (locally: every API write)
 * shows at once.
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
const PK = tableKeys.primary.pk;

/** A key attribute as the document client (plain) or the low-level client (`{ S }`) holds it. */
const keyText = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof (value as { S?: unknown })?.S === "string" ? (value as { S: string }).S : undefined;

type WriteRequest = { Item?: Record<string, unknown>; Key?: Record<string, unknown> } | undefined;
const requestKeys = (request: WriteRequest) => [keyText(request?.Item?.[PK]), keyText(request?.Key?.[PK])];

/**
 * The partition keys a write command touches, or undefined when it cannot be
 * told (PartiQL): then every kept job is forgotten.
 */
export function writtenPartitionKeys(input: Record<string, any>): string[] | undefined {
  const found: (string | undefined)[] = [...requestKeys(input)];
  for (const requests of Object.values<any[]>(input.RequestItems ?? {})) {
    for (const r of requests) found.push(...requestKeys(r.PutRequest), ...requestKeys(r.DeleteRequest));
  }
  for (const t of input.TransactItems ?? []) found.push(...requestKeys(t.Put), ...requestKeys(t.Update), ...requestKeys(t.Delete));
  const keys = found.filter((k): k is string => k !== undefined);
  return keys.length > 0 ? keys.map((k) => k.toLowerCase()) : undefined;
}

/** Whether a write with these partition keys may have changed the job (ElectroDB lowercases its keys; unknown keys: it may have). */
export const mayTouchJob = (written: string[] | undefined, renderJobId: string) =>
  written?.some((pk) => pk.includes(renderJobId.toLowerCase())) ?? true;

// One client serves every table write of this process (the document client shares its middleware stack).
// A write forgets only the jobs whose item it touched: the pipeline writes many times a second while renders
// run, and forgetting every job on each of those writes left nothing kept for the polls.
dynamoClient.middlewareStack.add(
  (next, context) => async (args) => {
    if (!WRITE_COMMANDS.test(context.commandName ?? "")) return next(args);
    const written = writtenPartitionKeys(args.input as Record<string, any>);
    try {
      return await next(args);
    } finally {
      jobs.changed((renderJobId) => mayTouchJob(written, renderJobId));
    }
  },
  { step: "initialize", name: "renderPollCacheWrites", override: true },
);

/** The render job by id, or undefined; from the poll cache when allowed. */
export function readRenderJobForPoll(renderJobId: string): Promise<RenderJobRecord | undefined> {
  return jobs.read(renderJobId, async () => (await db.entities.renderJob.get({ renderJobId }).go()).data ?? undefined);
}
