/**
 * TransactWriteItems and TransactGetItems over a DynamoDB endpoint that has
 * only the single-item operations (dynalite). The caller runs each one under
 * the lock every other request also takes, so no request sees a transaction
 * half-applied: items are written one by one, each with its own condition,
 * and a failed condition puts every item back as it was.
 */

type AttributeMap = Record<string, unknown>;
type Params = Record<string, unknown>;

/** An answer in DynamoDB's JSON protocol: the status and the body. */
export interface WireAnswer {
  status: number;
  body: Params;
}

/** Sends one single-item operation (`GetItem`, `PutItem`, ...) to the underlying endpoint. */
export type Send = (operation: string, params: Params) => Promise<WireAnswer>;

const ERROR_PREFIX = "com.amazonaws.dynamodb.v20120810#";
const validation = (message: string): WireAnswer => ({
  status: 400,
  body: { __type: `${ERROR_PREFIX}ValidationException`, message },
});
const isConditionFailure = (answer: WireAnswer) => String(answer.body.__type ?? "").endsWith("#ConditionalCheckFailedException");

const WRITE_KINDS = ["Put", "Update", "Delete", "ConditionCheck"] as const;
type WriteKind = (typeof WRITE_KINDS)[number];

interface PlannedWrite {
  kind: WriteKind;
  params: Params;
  tableName: string;
  key: AttributeMap;
  /** The item before the transaction; undefined when there was none. */
  before?: AttributeMap;
  applied: boolean;
}

/** Each table's key attribute names, read once. */
export class KeySchemas {
  private readonly known = new Map<string, string[]>();
  constructor(private readonly send: Send) {}

  async keyOf(tableName: string, item: AttributeMap): Promise<AttributeMap | WireAnswer> {
    let names = this.known.get(tableName);
    if (!names) {
      const answer = await this.send("DescribeTable", { TableName: tableName });
      if (answer.status !== 200) return answer;
      const table = answer.body.Table as { KeySchema: { AttributeName: string }[] };
      names = table.KeySchema.map((k) => k.AttributeName);
      this.known.set(tableName, names);
    }
    return Object.fromEntries(names.map((name) => [name, item[name]]));
  }
}

const isAnswer = (value: unknown): value is WireAnswer =>
  typeof value === "object" && value !== null && "status" in value && "body" in value;

async function readItem(send: Send, tableName: string, key: AttributeMap): Promise<AttributeMap | undefined | WireAnswer> {
  const answer = await send("GetItem", { TableName: tableName, Key: key, ConsistentRead: true });
  if (answer.status !== 200) return answer;
  return answer.body.Item as AttributeMap | undefined;
}

/** Puts an item back as it was before the transaction (absent items are deleted again). */
async function restore(send: Send, write: PlannedWrite) {
  const answer = write.before
    ? await send("PutItem", { TableName: write.tableName, Item: write.before })
    : await send("DeleteItem", { TableName: write.tableName, Key: write.key });
  if (answer.status !== 200) throw new Error(`Could not undo a canceled transaction: ${JSON.stringify(answer.body)}`);
}

/** The single-item request that applies one transaction item with its own condition. */
function singleItemRequest(write: PlannedWrite): [string, Params] {
  // The per-item reason (with the old item) is built here, so the single-item call does not need it.
  const { ReturnValuesOnConditionCheckFailure: _, ...params } = write.params;
  switch (write.kind) {
    case "Put":
      return ["PutItem", params];
    case "Update":
      return ["UpdateItem", params];
    case "Delete":
      return ["DeleteItem", params];
    case "ConditionCheck":
      // A conditional delete checks the condition; the item is always put back afterwards.
      return ["DeleteItem", { ...params, ReturnValues: "NONE" }];
  }
}

async function planWrites(send: Send, keys: KeySchemas, body: Params): Promise<PlannedWrite[] | WireAnswer> {
  const items = body.TransactItems;
  if (!Array.isArray(items) || items.length < 1 || items.length > 100)
    return validation(
      "1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length between 1 and 100",
    );
  const writes: PlannedWrite[] = [];
  const seen = new Set<string>();
  for (const item of items as Record<string, Params>[]) {
    const kinds = WRITE_KINDS.filter((kind) => item[kind]);
    if (kinds.length !== 1) return validation("TransactItems can only contain one of Check, Put, Update or Delete");
    const kind = kinds[0];
    const params = item[kind];
    const tableName = String(params.TableName);
    const key = params.Key ? (params.Key as AttributeMap) : await keys.keyOf(tableName, (params.Item ?? {}) as AttributeMap);
    if (isAnswer(key)) return key;
    const identity = `${tableName}\u0000${JSON.stringify(key)}`;
    if (seen.has(identity)) return validation("Transaction request cannot include multiple operations on one item");
    seen.add(identity);
    const before = await readItem(send, tableName, key);
    if (isAnswer(before)) return before;
    writes.push({ kind, params, tableName, key, before, applied: false });
  }
  return writes;
}

async function undo(send: Send, writes: PlannedWrite[]) {
  for (const write of [...writes].reverse()) if (write.applied) await restore(send, write);
}

/** TransactWriteItems: all items are written, or none (TransactionCanceledException with one reason per item). */
export async function transactWriteItems(send: Send, keys: KeySchemas, body: Params): Promise<WireAnswer> {
  const planned = await planWrites(send, keys, body);
  if (isAnswer(planned)) return planned;
  const reasons: Params[] = [];
  for (const write of planned) {
    const [operation, params] = singleItemRequest(write);
    const answer = await send(operation, params);
    if (answer.status === 200) {
      // A passed condition check has deleted its item: it goes back in the undo below.
      write.applied = true;
      reasons.push({ Code: "None" });
    } else if (isConditionFailure(answer)) {
      const withItem = write.params.ReturnValuesOnConditionCheckFailure === "ALL_OLD" && write.before;
      reasons.push({
        Code: "ConditionalCheckFailed",
        Message: "The conditional request failed",
        ...(withItem ? { Item: write.before } : {}),
      });
    } else {
      // A malformed item fails the whole request, as DynamoDB does, and nothing stays written.
      await undo(send, planned);
      return answer;
    }
  }
  const checks = planned.filter((write) => write.kind === "ConditionCheck" && write.applied);
  if (reasons.every((reason) => reason.Code === "None")) {
    for (const check of checks) await restore(send, check);
    return { status: 200, body: {} };
  }
  await undo(send, planned);
  return {
    status: 400,
    body: {
      __type: `${ERROR_PREFIX}TransactionCanceledException`,
      Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(", ")}]`,
      CancellationReasons: reasons,
    },
  };
}

/** TransactGetItems: every item read under the same lock, so they are one consistent view. */
export async function transactGetItems(send: Send, body: Params): Promise<WireAnswer> {
  const items = body.TransactItems;
  if (!Array.isArray(items) || items.length < 1 || items.length > 100)
    return validation(
      "1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length between 1 and 100",
    );
  const responses: Params[] = [];
  for (const item of items as { Get?: Params }[]) {
    if (!item.Get) return validation("TransactItems can only contain Get");
    const answer = await send("GetItem", { ...item.Get, ConsistentRead: true });
    if (answer.status !== 200) return answer;
    responses.push(answer.body.Item ? { Item: answer.body.Item } : {});
  }
  return { status: 200, body: { Responses: responses } };
}
