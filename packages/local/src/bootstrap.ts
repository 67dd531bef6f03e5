import { existsSync, readFileSync, writeFileSync } from "node:fs";
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { tableKeys } from "@storyboard/core/dynamo/keys";

const credentials = { accessKeyId: "local", secretAccessKey: "local" };

/** Creates the single table as `stacks/storage.ts` does, unless it exists. */
export async function ensureTable(endpoint: string, tableName: string) {
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (e) {
    if ((e as Error).name !== "ResourceNotFoundException") throw e;
  } 
  const gsis = (["gsi1", "gsi2", "gsi3"] as const).map((name) => ({
    IndexName: name,
    KeySchema: [
      { AttributeName: tableKeys[name].pk, KeyType: "HASH" as const },
      { AttributeName: tableKeys[name].sk, KeyType: "RANGE" as const },
    ],
    Projection: { ProjectionType: "ALL" as const },
  }));
  const attributeNames = Object.values(tableKeys).flatMap((k) => (typeof k === "string" ? [] : [k.pk, k.sk]));
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: "PAY_PER_REQUEST",
      KeySchema: [
        { AttributeName: tableKeys.primary.pk, KeyType: "HASH" },
        { AttributeName: tableKeys.primary.sk, KeyType: "RANGE" },
      ],
      AttributeDefinitions: attributeNames.map((AttributeName) => ({ AttributeName, AttributeType: "S" })),
      GlobalSecondaryIndexes: gsis,
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: tableKeys.ttl, Enabled: true } }),
  );
  client.destroy();
}

/** Creates the user pool and its app client once; their ids are kept in `idsFile` across restarts. */
export async function ensureUserPool(endpoint: string, idsFile: string): Promise<{ userPoolId: string; clientId: string }> {
  const client = new CognitoIdentityProviderClient({ endpoint, region: "us-east-1", credentials });
  try {
    if (existsSync(idsFile)) {
      const ids = JSON.parse(readFileSync(idsFile, "utf8"));
      await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
      return ids;
    }
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: "storyboard-local",
        UsernameAttributes: ["email"],
        Policies: { PasswordPolicy: { MinimumLength: 6, RequireLowercase: false, RequireNumbers: false, RequireSymbols: false, RequireUppercase: false } },
      }),
    );
    const userPoolId = pool.UserPool!.Id!;
    const app = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: "storyboard-web",
        ExplicitAuthFlows: ["ALLOW_ADMIN_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
      }),
    );
    const ids = { userPoolId, clientId: app.UserPoolClient!.ClientId! };
    writeFileSync(idsFile, JSON.stringify(ids));
    return ids;
  } finally {
    client.destroy();
  }
}
