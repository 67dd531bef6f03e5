import { Match, type Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { OLD_VERSION_DAYS, Storage } from "../storage";
import { actionsOf, arnTarget, build, handlersByLogicalId, type Json, resources, SITE_URL, statementsOfRole } from "./harness";

const keyOf = (schema: { AttributeName: string; KeyType: string }[]) => Object.fromEntries(schema.map((k) => [k.KeyType, k.AttributeName]));

describe("storage stack", () => {
  let test: Template;
  let prod: Template;
  beforeAll(async () => {
    test = (await build("placeholders", "test")).template(Storage);
    prod = (await build("placeholders", "prod")).template(Storage);
  });

  it("has the single table with pk/sk, three GSIs, the TTL attribute and on-demand billing", () => {
    const tables = Object.values(resources(test, "AWS::DynamoDB::Table"));
    expect(tables).toHaveLength(1);
    const table = tables[0].Properties;
    expect(table.TableName).toBe("test-storyboard-Table");
    expect(keyOf(table.KeySchema)).toEqual({ HASH: "pk", RANGE: "sk" });
    const attributes = Object.fromEntries(table.AttributeDefinitions.map((a: any) => [a.AttributeName, a.AttributeType]));
    expect(attributes).toEqual({ pk: "S", sk: "S", gsi1pk: "S", gsi1sk: "S", gsi2pk: "S", gsi2sk: "S", gsi3pk: "S", gsi3sk: "S" });
    const indexes = Object.fromEntries(table.GlobalSecondaryIndexes.map((i: any) => [i.IndexName, keyOf(i.KeySchema)]));
    expect(indexes).toEqual({
      gsi1: { HASH: "gsi1pk", RANGE: "gsi1sk" },
      gsi2: { HASH: "gsi2pk", RANGE: "gsi2sk" },
      gsi3: { HASH: "gsi3pk", RANGE: "gsi3sk" },
    });
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: "expiresAt", Enabled: true });
    expect(table.BillingMode).toBe("PAY_PER_REQUEST");
  });

  it("keeps point-in-time recovery, deletion protection and the data itself for prod only", () => {
    const [testTable] = Object.values(resources(test, "AWS::DynamoDB::Table"));
    const [prodTable] = Object.values(resources(prod, "AWS::DynamoDB::Table"));
    expect(testTable.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: false });
    expect(prodTable.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(prodTable.Properties.DeletionProtectionEnabled).toBe(true);
    expect(prodTable.DeletionPolicy).toBe("Retain");
    expect(testTable.DeletionPolicy).toBe("Delete");
    for (const bucket of Object.values(resources(prod, "AWS::S3::Bucket"))) expect(bucket.DeletionPolicy).toBe("Retain");
    expect(Object.keys(resources(prod, "Custom::S3AutoDeleteObjects"))).toEqual([]);
  });

  it("has two private buckets: Uploads and Media", () => {
    const buckets = resources(test, "AWS::S3::Bucket");
    expect(Object.keys(buckets).sort()).toEqual([expect.stringMatching(/^MediaBucket/), expect.stringMatching(/^UploadsBucket/)]);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });

  it("parses uploads: an ObjectCreated notification on screenplays/ to the screenplay-uploaded function", () => {
    const notifications = Object.values(resources(test, "Custom::S3BucketNotifications"));
    expect(notifications).toHaveLength(1);
    const { BucketName, NotificationConfiguration } = notifications[0].Properties;
    expect(BucketName.Ref).toMatch(/^UploadsBucket/);
    const configs = NotificationConfiguration.LambdaFunctionConfigurations;
    expect(configs).toHaveLength(1);
    expect(configs[0].Events).toEqual(["s3:ObjectCreated:*"]);
    expect(configs[0].Filter).toEqual({ Key: { FilterRules: [{ Name: "prefix", Value: "screenplays/" }] } });
    const handler = handlersByLogicalId(test).get(arnTarget(configs[0].LambdaFunctionArn));
    expect(handler).toBe("packages/functions/src/s3/screenplay-uploaded.handler");
    test.hasResourceProperties("AWS::Lambda::Function", {
      Environment: {
        Variables: Match.objectLike({
          TABLE_NAME: { Ref: Match.stringLikeRegexp("^Table") },
          UPLOADS_BUCKET: { Ref: Match.stringLikeRegexp("^UploadsBucket") },
        }),
      },
    });
  });

  it("keeps Media private: no CloudFront distribution, no bucket policy for anyone, CORS for GET (and a presigned PUT) from the site", () => {
    expect(resources(test, "AWS::CloudFront::Distribution")).toEqual({});
    // Nothing may read objects through a bucket policy: not anyone, not CloudFront (SST's SSL-only rule and the
    // non-prod auto-delete role, which lists and deletes, are all that is there).
    const statements = Object.values(resources(test, "AWS::S3::BucketPolicy")).flatMap((p) => p.Properties.PolicyDocument.Statement);
    const readers = statements.filter(
      (s: { Effect: string; Action: unknown; Principal: unknown }) =>
        s.Effect === "Allow" &&
        (JSON.stringify(s.Action).includes("GetObject") || s.Principal === "*" || JSON.stringify(s.Principal).includes("Service")),
    );
    expect(readers).toEqual([]);
    const media = Object.entries(resources(test, "AWS::S3::Bucket")).find(([id]) => id.startsWith("MediaBucket"))![1];
    expect(media.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true });
    expect(media.Properties.CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({ AllowedMethods: ["GET", "HEAD", "PUT"], AllowedOrigins: [SITE_URL] }),
    ]);
    // A music track put but never checked does not stay (docs/decisions.md#music-uploads-straight-to-the-bucket).
    expect(media.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ Prefix: "music-incoming/", ExpirationInDays: 1, Status: "Enabled" }),
    );
  });

  it("versions both buckets and removes old versions after OLD_VERSION_DAYS, so deleted media (expired hosting) goes for good then", () => {
    expect(OLD_VERSION_DAYS).toBe(30);
    const buckets = Object.entries(resources(prod, "AWS::S3::Bucket"));
    expect(buckets).toHaveLength(2);
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.VersioningConfiguration, id).toEqual({ Status: "Enabled" });
      const rules = bucket.Properties.LifecycleConfiguration.Rules as Json[];
      // For the whole bucket (no prefix): hosting expiry's deletes leave old versions, which this removes.
      const oldVersions = rules.filter((r) => r.NoncurrentVersionExpiration);
      expect(oldVersions, id).toEqual([
        {
          NoncurrentVersionExpiration: { NoncurrentDays: OLD_VERSION_DAYS },
          ExpiredObjectDeleteMarker: true,
          Status: "Enabled",
        },
      ]);
      expect(rules, id).toContainEqual({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: "Enabled" });
    }
  });

  it("sends a parse that died outside its error handling, after 2 retries, to the ParseFailures queue", () => {
    const handlers = handlersByLogicalId(test);
    const parser = [...handlers].find(([, handler]) => handler === "packages/functions/src/s3/screenplay-uploaded.handler")![0];
    const configs = Object.values(resources(test, "AWS::Lambda::EventInvokeConfig")).map((c) => c.Properties);
    const config = configs.find((c) => c.FunctionName.Ref === parser);
    expect(config).toMatchObject({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600, Qualifier: "$LATEST" });
    const [queue] = config.DestinationConfig.OnFailure.Destination["Fn::GetAtt"];
    expect(queue).toMatch(/^ParseFailures/);
    expect(resources(test, "AWS::SQS::Queue")[queue]).toBeDefined();
    // The function may send to it.
    const role = test.toJSON().Resources[parser].Properties.Role["Fn::GetAtt"][0];
    const sends = statementsOfRole(test, role).filter((st) => actionsOf(st).includes("sqs:SendMessage"));
    expect(sends.map((st: Json) => st.Resource["Fn::GetAtt"][0])).toEqual([queue]);
  });

  it("exports the media URL as the site's /api/media/, which hands out signed addresses", () => {
    expect(test.toJSON().Outputs.MediaUrl.Value).toBe(`${SITE_URL}/api/media/`);
  });
});
