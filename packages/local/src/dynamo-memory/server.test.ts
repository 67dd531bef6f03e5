import {
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
  TransactionCanceledException,
} from "@aws-sdk/client-dynamodb";
import { request } from "node:http";
import { tableKeys } from "@storyboard/core/dynamo/keys";
import { ensureTable } from "../bootstrap";
import type { StandIn } from "../stand-ins";
import { startMemoryDynamo } from "./server";

const TABLE = "storyboard";
const { pk, sk } = tableKeys.primary;
const key = (id: string) => ({ [pk]: { S: `item#${id}` }, [sk]: { S: "item" } });
const item = (id: string, balance: number) => ({ ...key(id), balance: { N: String(balance) } });

let dynamo: StandIn;
let client: DynamoDBClient;

beforeAll(async () => {
  dynamo = await startMemoryDynamo();
  // The product's own table definition (with its TTL setting) is accepted as DynamoDB accepts it.
  await ensureTable(dynamo.url, TABLE);
  client = new DynamoDBClient({ endpoint: dynamo.url, region: "us-east-1", credentials: { accessKeyId: "a", secretAccessKey: "b" } });
});
afterAll(async () => {
  client.destroy();
  await dynamo.stop();
});

const balanceOf = async (id: string) => {
  const { Item } = await client.send(new GetItemCommand({ TableName: TABLE, Key: key(id) }));
  return Item ? Number(Item.balance.N) : undefined;
};

const debit = (id: string, amount: number) => ({
  Update: {
    TableName: TABLE,
    Key: key(id),
    UpdateExpression: "SET balance = balance - :n",
    ConditionExpression: "balance >= :n",
    ExpressionAttributeValues: { ":n": { N: String(amount) } },
  },
});

describe("in-memory DynamoDB transactions", () => {
  it("writes every item of a transaction whose conditions hold", async () => {
    await client.send(new PutItemCommand({ TableName: TABLE, Item: item("a", 100) }));
    await client.send(new PutItemCommand({ TableName: TABLE, Item: item("a2", 5) }));
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          debit("a", 30),
          { Put: { TableName: TABLE, Item: item("b", 30), ConditionExpression: `attribute_not_exists(${pk})` } },
          { ConditionCheck: { TableName: TABLE, Key: key("a2"), ConditionExpression: "attribute_exists(balance)" } },
        ],
      }),
    );
    expect(await balanceOf("a")).toBe(70);
    expect(await balanceOf("a2")).toBe(5);
    expect(await balanceOf("b")).toBe(30);
  });

  it("cancels every write when one condition fails, with one reason per item", async () => {
    await client.send(new PutItemCommand({ TableName: TABLE, Item: item("c", 10) }));
    await client.send(new PutItemCommand({ TableName: TABLE, Item: item("c2", 7) }));
    const error = await client
      .send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: item("d", 1) } },
            { ...debit("c", 50), Update: { ...debit("c", 50).Update, ReturnValuesOnConditionCheckFailure: "ALL_OLD" } },
            { Delete: { TableName: TABLE, Key: key("c2") } },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionCanceledException);
    const reasons = (error as TransactionCanceledException).CancellationReasons!;
    expect(reasons.map((r) => r.Code)).toEqual(["None", "ConditionalCheckFailed", "None"]);
    expect(reasons[1].Item?.balance).toEqual({ N: "10" });
    expect(await balanceOf("c")).toBe(10);
    expect(await balanceOf("c2")).toBe(7);
    expect(await balanceOf("d")).toBeUndefined();
  });

  it("refuses two operations on one item, writing nothing", async () => {
    const error = await client
      .send(new TransactWriteItemsCommand({ TransactItems: [{ Put: { TableName: TABLE, Item: item("e", 1) } }, debit("e", 1)] }))
      .catch((e: Error) => e);
    expect((error as Error).name).toBe("ValidationException");
    expect(await balanceOf("e")).toBeUndefined();
  });

  it("keeps concurrent transactions atomic: parallel debits never overdraw", async () => {
    await client.send(new PutItemCommand({ TableName: TABLE, Item: item("f", 100) }));
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, (_, n) =>
        client.send(
          new TransactWriteItemsCommand({
            TransactItems: [debit("f", 10), { Put: { TableName: TABLE, Item: item(`ledger-${n}`, 10) } }],
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(await balanceOf("f")).toBe(0);
    const ledger = await Promise.all(Array.from({ length: 15 }, (_, n) => balanceOf(`ledger-${n}`)));
    expect(ledger.filter((b) => b !== undefined)).toHaveLength(10);
  });

  it("reads several items in one TransactGetItems, an absent one as empty", async () => {
    const { Responses } = await client.send(
      new TransactGetItemsCommand({
        TransactItems: [{ Get: { TableName: TABLE, Key: key("a") } }, { Get: { TableName: TABLE, Key: key("nobody") } }],
      }),
    );
    expect(Responses?.[0].Item?.balance).toEqual({ N: "70" });
    expect(Responses?.[1].Item).toBeUndefined();
  });

  it("keeps answering after a client hangs up halfway through a request", async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
    const partial = request(dynamo.url, {
      method: "POST",
      headers: { "X-Amz-Target": "DynamoDB_20120810.GetItem", "Content-Length": "100" },
    });
    partial.on("error", () => undefined);
    partial.write("{");
    await pause();
    partial.destroy();
    await pause();
    expect(await balanceOf("a")).toBe(70);
  });
});
