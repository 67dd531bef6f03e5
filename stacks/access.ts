/**
 * What the functions of every stack share: the environment that
 * `@storyboard/core/config` reads, and the grants that go with it.
 */
import type { IGrantable } from "aws-cdk-lib/aws-iam";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { Bucket, Stack, Table } from "sst/constructs";

export interface StorageResources {
  table: Table;
  uploads: Bucket;
  media: Bucket;
  /** Where the web asks for media files: the site's /api/media/, which redirects to a signed address. */
  mediaUrl: string;
}

/** The variables `@storyboard/core/config` reads for storage. */
export function storageEnvironment(storage: StorageResources): Record<string, string> {
  return {
    TABLE_NAME: storage.table.tableName,
    UPLOADS_BUCKET: storage.uploads.bucketName,
    MEDIA_BUCKET: storage.media.bucketName,
    MEDIA_URL_PREFIX: storage.mediaUrl,
  };
}

/** The provider settings (docs/decisions.md#provider-models, #provider-concurrency) set in the deploying shell; unset ones keep core's defaults. */
export const PROVIDER_SETTINGS = [
  "OPENAI_TEXT_MODEL",
  "OPENAI_IMAGE_MODEL",
  "OPENAI_MODERATION_MODEL",
  "ELEVENLABS_SPEECH_MODEL",
  "ELEVENLABS_OUTPUT_FORMAT",
  "OPENAI_CONCURRENCY",
  "ELEVENLABS_CONCURRENCY",
];
export const providerEnvironment = (): Record<string, string> =>
  Object.fromEntries(PROVIDER_SETTINGS.flatMap((name) => (process.env[name]?.trim() ? [[name, process.env[name]!.trim()]] : [])));

/** Item-level access to the table and its indexes, object access to both buckets: no table or bucket admin. */
export function grantStorage(grantee: IGrantable, storage: StorageResources) {
  storage.table.cdk.table.grantReadWriteData(grantee);
  storage.uploads.cdk.bucket.grantReadWrite(grantee);
  storage.media.cdk.bucket.grantReadWrite(grantee);
}

/** Item reads of the table and its indexes. */
export function grantTableRead(grantee: IGrantable, storage: StorageResources) {
  storage.table.cdk.table.grantReadData(grantee);
}

/** Item reads, puts and updates (sessions touched, per-IP counters, an unsubscribe): no deletes. */
export const TABLE_PUT_UPDATE_ACTIONS = ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:ConditionCheckItem"];

export function grantTableReadAndUpdate(grantee: IGrantable, storage: StorageResources) {
  grantTableRead(grantee, storage);
  storage.table.cdk.table.grant(grantee, ...TABLE_PUT_UPDATE_ACTIONS);
}

/** Object reads (and, with `write`, puts and deletes) under each prefix of a bucket: `screenplays/*`. */
export function grantObjects(grantee: IGrantable, bucket: Bucket, access: "read" | "read-write", prefixes: readonly string[] = [""]) {
  for (const prefix of prefixes) {
    const pattern = `${prefix}*`;
    if (access === "read") bucket.cdk.bucket.grantRead(grantee, pattern);
    else bucket.cdk.bucket.grantReadWrite(grantee, pattern);
  }
}

/** Sending mail through SES (SESv2 SendEmail) from any verified identity of the account. */
export function sesSendStatement(stack: Stack) {
  return new PolicyStatement({
    effect: Effect.ALLOW,
    actions: ["ses:SendEmail", "ses:SendRawEmail"],
    resources: [`arn:${stack.partition}:ses:${stack.region}:${stack.account}:identity/*`],
  });
}

/** The admin calls the API makes on the user pool (docs/architecture.md#sessions: our API creates users and checks passwords). */
export const COGNITO_ADMIN_ACTIONS = [
  "cognito-idp:AdminCreateUser",
  "cognito-idp:AdminInitiateAuth",
  "cognito-idp:AdminGetUser",
  "cognito-idp:AdminSetUserPassword",
  "cognito-idp:AdminUpdateUserAttributes",
  "cognito-idp:AdminDeleteUser",
  "cognito-idp:AdminDisableUser",
  "cognito-idp:AdminEnableUser",
  "cognito-idp:AdminUserGlobalSignOut",
  "cognito-idp:AdminLinkProviderForUser",
  "cognito-idp:ListUsers",
];

export function cognitoAdminStatement(userPoolArn: string) {
  return new PolicyStatement({ effect: Effect.ALLOW, actions: COGNITO_ADMIN_ACTIONS, resources: [userPoolArn] });
}
