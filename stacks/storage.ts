import { tableKeys } from "@storyboard/core/dynamo/keys";
import { Duration } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import { Bucket, type StackContext, Table, use } from "sst/constructs";
import { grantStorage, type StorageResources, storageEnvironment } from "./access";
import { Alerts, alarm, deadLetterQueue } from "./alarms";
import { keepInProd } from "./removal";
import { settings } from "./settings";

/** Where uploaded screenplay originals go; the upload notification listens on it. */
export const SCREENPLAY_PREFIX = "screenplays/";

/** Days an overwritten or deleted object is kept as an old version before the lifecycle removes it. */
export const OLD_VERSION_DAYS = 30;

const oldVersionsExpire = [{ noncurrentVersionExpiration: Duration.days(OLD_VERSION_DAYS), expiredObjectDeleteMarker: true }];

export function Storage({ stack, app }: StackContext) {
  const { siteUrl, isProd } = settings(app);
  const { topic } = use(Alerts);

  // One table for every entity (ElectroDB); the key layout is core's.
  const table = new Table(stack, "Table", {
    fields: {
      [tableKeys.primary.pk]: "string",
      [tableKeys.primary.sk]: "string",
      [tableKeys.gsi1.pk]: "string",
      [tableKeys.gsi1.sk]: "string",
      [tableKeys.gsi2.pk]: "string",
      [tableKeys.gsi2.sk]: "string",
      [tableKeys.gsi3.pk]: "string",
      [tableKeys.gsi3.sk]: "string",
    },
    primaryIndex: { partitionKey: tableKeys.primary.pk, sortKey: tableKeys.primary.sk },
    globalIndexes: {
      gsi1: { partitionKey: tableKeys.gsi1.pk, sortKey: tableKeys.gsi1.sk },
      gsi2: { partitionKey: tableKeys.gsi2.pk, sortKey: tableKeys.gsi2.sk },
      gsi3: { partitionKey: tableKeys.gsi3.pk, sortKey: tableKeys.gsi3.sk },
    },
    // Sessions, confirmation codes and lockouts expire on their own.
    timeToLiveAttribute: tableKeys.ttl,
    cdk: { table: { pointInTimeRecovery: isProd, deletionProtection: isProd } },
  });

  keepInProd(table.cdk.table);

  // Screenplay originals: private, reached only by the functions (the browser posts files to the API,
  // never to the bucket, so no CORS). Versioned, so an overwrite or a delete can be undone for a while.
  const uploads = new Bucket(stack, "Uploads", {
    blockPublicACLs: true,
    cors: false,
    cdk: {
      bucket: {
        versioned: true,
        enforceSSL: true,
        lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }, ...oldVersionsExpire],
      },
    },
  });
  keepInProd(uploads.cdk.bucket);

  // Render outputs: private. Nobody reads them but the functions and holders of a short-lived presigned GET,
  // which GET /api/media/{key+} gives a render's owner (or anyone, for a public showcase entry's files)
  // (docs/decisions.md#private-media). The site's pages play and show them from here, hence CORS.
  // Versioned like the uploads: the media that hosting expiry deletes stays as old versions for
  // OLD_VERSION_DAYS (an operator's mistake can be undone), then the lifecycle removes them.
  const media = new Bucket(stack, "Media", {
    blockPublicACLs: true,
    // PUT: a music track over the API's body limit is sent here by a presigned PUT (docs/decisions.md#music-uploads-straight-to-the-bucket).
    cors: [{ allowedMethods: ["GET", "HEAD", "PUT"], allowedOrigins: [siteUrl], allowedHeaders: ["*"], maxAge: "3600 seconds" }],
    cdk: {
      bucket: {
        versioned: true,
        enforceSSL: true,
        lifecycleRules: [
          { abortIncompleteMultipartUploadAfter: Duration.days(1) },
          // A track put but never checked (the tab closed between the two steps).
          { prefix: "music-incoming/", expiration: Duration.days(1) },
          ...oldVersionsExpire,
        ],
      },
    },
  });
  keepInProd(media.cdk.bucket);
  const mediaUrl = `${siteUrl}/api/media/`;
  const storage: StorageResources = { table, uploads, media, mediaUrl };

  // A new original under screenplays/ is parsed into blocks.
  uploads.addNotifications(stack, {
    screenplayUploaded: {
      function: {
        handler: "packages/functions/src/s3/screenplay-uploaded.handler",
        timeout: 120,
        memorySize: 1024,
        environment: { STAGE: app.stage, ...storageEnvironment(storage) },
      },
      events: ["object_created"],
      filters: [{ prefix: SCREENPLAY_PREFIX }],
    },
  });
  const screenplayUploaded = uploads.notificationFunctions[0]!;
  grantStorage(screenplayUploaded, storage);
  // A parse that fails outside its own error handling (a timeout, out of memory) is tried twice more by
  // Lambda, then its S3 event lands here; the stuck-work job settles the screenplay.
  const parseFailures = deadLetterQueue(stack, app, topic, "ParseFailures", "Screenplay parse");
  screenplayUploaded.configureAsyncInvoke({
    onFailure: new SqsDestination(parseFailures),
    retryAttempts: 2,
    maxEventAge: Duration.hours(1),
  });

  const throttled = (metricName: string) =>
    new cloudwatch.Metric({
      namespace: "AWS/DynamoDB",
      metricName,
      dimensionsMap: { TableName: table.tableName },
      period: Duration.minutes(5),
      statistic: "Sum",
    });
  alarm(stack, app, topic, "TableThrottles", {
    title: "DynamoDB throttled requests",
    metric: new cloudwatch.MathExpression({
      expression: "reads + writes",
      usingMetrics: { reads: throttled("ReadThrottleEvents"), writes: throttled("WriteThrottleEvents") },
      period: Duration.minutes(5),
      label: "Throttled reads and writes",
    }),
    threshold: 0,
  });

  stack.addOutputs({
    TableName: table.tableName,
    UploadsBucket: uploads.bucketName,
    MediaBucket: media.bucketName,
    MediaUrl: mediaUrl,
  });

  return { ...storage, screenplayUploaded, parseFailures };
}
