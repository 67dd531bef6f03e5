import { rmSync } from "node:fs";
import { join } from "node:path";
import { assertPortFree, freePort } from "./ports";
import { ensureTable, ensureUserPool } from "./bootstrap";
import { recordChild } from "./instance";
import { notifyingBuckets } from "./s3-events";
import { type StandIn, type Supervision, startCognito, startDynamo, startS3, startSes } from "./stand-ins";
import { startMemoryDynamo } from "./dynamo-memory/server";
import type { StripeStandIn } from "./stripe/server";

export interface RuntimeOptions {
  /** Folder for persistent data; undefined keeps DynamoDB in memory and uses a temp folder for the rest. */
  dataDir: string;
  fresh?: boolean;
  /** Fixed ports for `npm start`; tests pass `"random"`. */
  ports: "random" | { dynamo: number; s3: number; ses: number; cognito: number; stripe: number };
  inMemoryDb?: boolean;
  /**
   * Only what the render pipeline needs (the command line): no Cognito, no SES, and the
   * table in this process (dynamo-memory/server.ts) instead of DynamoDB Local (docs/decisions.md#scale).
   */
  pipelineOnly?: boolean;
  /** "stand-in" (default): the local Stripe stand-in; "none": the environment's own Stripe keys are used (README.md). */
  stripe?: "stand-in" | "none";
  /** Keep this run's stand-in pids in `dataDir/run.json` (instance.ts), for the next start to clean up after a crash. */
  recordPids?: boolean;
}

export interface Runtime {
  env: Record<string, string>;
  sesUrl: string;
  /** The local Stripe stand-in, when started; its events go to `setWebhookUrl` once the app listens. */
  stripe?: StripeStandIn;
  /** Bucket notifications from the local S3 go to whoever subscribes. */
  onS3Event: (listener: (event: unknown) => void) => void;
  /** The local S3's folder: the command line puts a reused store there and takes its files out directly (s3-files.ts). */
  s3Dir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the local AWS stand-ins, creates the table, buckets and user pool,
 * and returns the environment that points the product's code at them.
 */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { dataDir } = options;
  const withStripe = !options.pipelineOnly && options.stripe !== "none";
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  const ports =
    options.ports === "random"
      ? { dynamo: await freePort(), s3: await freePort(), ses: await freePort(), cognito: await freePort(), stripe: await freePort() }
      : options.ports;
  if (options.ports !== "random") {
    await assertPortFree(ports.dynamo, "DynamoDB Local");
    await assertPortFree(ports.s3, "local S3");
    await assertPortFree(ports.ses, "local SES");
    await assertPortFree(ports.cognito, "local Cognito");
    if (withStripe) await assertPortFree(ports.stripe, "local Stripe");
  }
  const tableName = "storyboard";
  const uploadsBucket = "storyboard-uploads";
  const mediaBucket = "storyboard-media";
  const listeners: ((event: unknown) => void)[] = [];
  const s3Dir = join(dataDir, "s3");
  const supervise = (name: string): Supervision => ({
    onPid: options.recordPids ? (pid) => recordChild(dataDir, name, pid) : undefined,
  });
  const started: StandIn[] = [];
  try {
    // Each stand-in is recorded as soon as it is up, so a failure of another still stops it.
    const track = async (pending: Promise<StandIn>) => {
      const standIn = await pending;
      started.push(standIn);
      return standIn;
    };
    const results = await Promise.allSettled([
      track(
        options.pipelineOnly
          ? startMemoryDynamo(ports.dynamo)
          : startDynamo(ports.dynamo, options.inMemoryDb ? undefined : join(dataDir, "dynamodb"), supervise("DynamoDB Local")),
      ),
      track(
        startS3(
          ports.s3,
          s3Dir,
          [uploadsBucket, mediaBucket],
          { from: notifyingBuckets({ UPLOADS_BUCKET: uploadsBucket, MEDIA_BUCKET: mediaBucket }), to: (e) => listeners.forEach((l) => l(e)) },
          supervise("local S3"),
        ),
      ),
      ...(options.pipelineOnly
        ? []
        : [track(startSes(ports.ses)), track(startCognito(ports.cognito, join(dataDir, "cognito"), supervise("Cognito Local")))]),
    ]);
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const [dynamo, s3, ses, cognito] = results.map((r) => (r as PromiseFulfilledResult<StandIn>).value);
    // In memory for the tests; npm start keeps customers and cards beside the other stand-ins' data.
    // Imported only when started, so the command line does not load it.
    const stripe = withStripe
      ? await (
          await import("./stripe/server")
        ).startStripeStandIn({ port: ports.stripe, dataFile: options.inMemoryDb ? undefined : join(dataDir, "stripe", "stripe.json") })
      : undefined;
    if (stripe) started.push(stripe);
    await ensureTable(dynamo.url, tableName);
    // Without Cognito and SES their endpoints point at nothing: any call fails fast and says so.
    const closed = "http://127.0.0.1:9";
    const pool = cognito
      ? await ensureUserPool(cognito.url, join(dataDir, "cognito", "ids.json"))
      : { userPoolId: "none", clientId: "none" };
    // s3rver accepts only its own fixed key pair; the other stand-ins accept any.
    const env: Record<string, string> = {
      STAGE: "local",
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "S3RVER",
      AWS_SECRET_ACCESS_KEY: "S3RVER",
      TABLE_NAME: tableName,
      UPLOADS_BUCKET: uploadsBucket,
      MEDIA_BUCKET: mediaBucket,
      MEDIA_URL_PREFIX: "/api/media/",
      DYNAMODB_ENDPOINT: dynamo.url,
      S3_ENDPOINT: s3.url,
      SES_ENDPOINT: ses?.url ?? closed,
      COGNITO_ENDPOINT: cognito?.url ?? closed,
      COGNITO_ISSUER_DOMAIN: cognito?.url ?? closed,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      ...(stripe
        ? {
            STRIPE_API_URL: stripe.url,
            STRIPE_SECRET_KEY: stripe.secretKey,
            STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
            STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          }
        : {}),
    };
    return {
      env,
      sesUrl: ses?.url ?? closed,
      stripe,
      onS3Event: (l) => listeners.push(l),
      s3Dir,
      stop: async () => {
        await Promise.all(started.map((s) => s.stop()));
      },
    };
  } catch (e) {
    await Promise.all(started.map((s) => s.stop()));
    throw e;
  }
}
