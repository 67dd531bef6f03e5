import type { S3Event } from "aws-lambda";
import { UPLOAD_PREFIX } from "@storyboard/core/blob/keys";
import { loadHandler } from "./task-modules";

/**
 * The bucket notifications of `stacks/storage.ts`, for the local S3: which
 * handler receives which bucket's ObjectCreated events.
 */
const notifications = [{ bucketEnv: "UPLOADS_BUCKET", prefix: UPLOAD_PREFIX, handler: "s3/screenplay-uploaded" }];
export const S3_EVENT_HANDLERS = notifications.map((n) => n.handler);

/** The buckets with notifications, named as `bucketNames` names them by their variable: only theirs are sent on. */
export const notifyingBuckets = (bucketNames: Record<string, string>) => notifications.map((n) => bucketNames[n.bucketEnv]);

type Listener = (event: S3Event) => Promise<void>;
const pending = new Set<Promise<void>>();

/** Forwards a local S3 event to its handler, like S3 invoking a Lambda asynchronously. */
export function dispatchS3Event(raw: unknown) {
  const event = raw as S3Event;
  for (const n of notifications) {
    const records = (event.Records ?? []).filter(
      (r) =>
        r.eventName?.startsWith("ObjectCreated") && r.s3.bucket.name === process.env[n.bucketEnv] && r.s3.object.key.startsWith(n.prefix),
    );
    if (!records.length) continue;
    const run = loadHandler<Listener>(n.handler)
      .then((handler) => handler({ Records: records }))
      .catch((error) => console.error(`S3 event handler ${n.handler} failed:`, error))
      .finally(() => pending.delete(run));
    pending.add(run);
  }
}

/** Resolves when every dispatched event has been handled (tests wait on it). */
export const s3EventsSettled = () => Promise.all([...pending]).then(() => undefined);
