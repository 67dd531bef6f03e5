/**
 * An in-memory DynamoDB in this process, for the command line: dynalite
 * (DynamoDB's JSON wire protocol over an in-memory LevelDB) behind a thin
 * front that adds what dynalite lacks — TransactWriteItems, TransactGetItems
 * and UpdateTimeToLive — and takes one lock for every request, so a
 * transaction is atomic to every other client. It starts in milliseconds,
 * where DynamoDB Local is a JVM that takes seconds (docs/decisions.md#scale).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import dynalite from "dynalite";
import type { StandIn } from "../stand-ins";
import { Lock } from "./lock";
import { KeySchemas, type Send, transactGetItems, transactWriteItems, type WireAnswer } from "./transactions";

const OWN_OPERATIONS = new Set(["TransactWriteItems", "TransactGetItems", "UpdateTimeToLive"]);

const listen = (server: Server, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

function answer(res: ServerResponse, { status, body }: WireAnswer) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/x-amz-json-1.0", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

/** What dynalite answered: status, the headers the SDK reads, and the body. */
interface DynaliteAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Calls dynalite's own request handler in this process with a request read in full: no
 * second socket, and nothing that can fail mid-stream (dynalite throws, ending the process,
 * when a live request errors, as a client hanging up makes it do).
 */
function dynaliteCaller(handler: (req: unknown, res: unknown) => void) {
  return (headers: Record<string, string>, body: string) =>
    new Promise<DynaliteAnswer>((resolve) => {
      const req = Object.assign(Readable.from([Buffer.from(body)]), { method: "POST", url: "/", headers });
      const answer: DynaliteAnswer = { status: 200, headers: {}, body: "" };
      const res = {
        set statusCode(code: number) {
          answer.status = code;
        },
        get statusCode() {
          return answer.status;
        },
        setHeader(name: string, value: unknown) {
          answer.headers[name.toLowerCase()] = String(value);
        },
        end(text?: string) {
          answer.body = text ?? "";
          resolve(answer);
        },
      };
      handler(req, res);
    });
}

type CallDynalite = ReturnType<typeof dynaliteCaller>;

// dynalite checks that a request is signed, not the signature.
const SIGNED = {
  "content-type": "application/x-amz-json-1.0",
  "x-amz-date": "20000101T000000Z",
  authorization: "AWS4-HMAC-SHA256 Credential=local/20000101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
};

/** Single-item calls from the transactions to dynalite. */
function sender(call: CallDynalite): Send {
  return async (operation, params) => {
    const answer = await call({ ...SIGNED, "x-amz-target": `DynamoDB_20120810.${operation}` }, JSON.stringify(params));
    return { status: answer.status, body: JSON.parse(answer.body || "{}") as Record<string, unknown> };
  };
}

const FORWARDED_HEADERS = ["content-type", "x-amz-target", "x-amz-date", "authorization", "x-amz-security-token", "origin"];

/** One request as the client sent it, to dynalite. */
function forward(call: CallDynalite, headers: IncomingHttpHeaders, body: string) {
  const kept = Object.fromEntries(FORWARDED_HEADERS.flatMap((name) => (typeof headers[name] === "string" ? [[name, headers[name]]] : [])));
  return call(kept, body);
}

function relay(res: ServerResponse, { status, headers, body }: DynaliteAnswer) {
  res.writeHead(status, { ...headers, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

async function ownOperation(operation: string, send: Send, keys: KeySchemas, body: Record<string, unknown>): Promise<WireAnswer> {
  if (operation === "TransactWriteItems") return transactWriteItems(send, keys, body);
  if (operation === "TransactGetItems") return transactGetItems(send, body);
  // UpdateTimeToLive: accepted for an existing table; items are never expired (a command-line run lasts seconds).
  const table = await send("DescribeTable", { TableName: body.TableName });
  if (table.status !== 200) return table;
  return { status: 200, body: { TimeToLiveSpecification: body.TimeToLiveSpecification } };
}

/** Starts the in-memory DynamoDB on `port` (0: any free port). */
export async function startMemoryDynamo(port = 0): Promise<StandIn> {
  // dynalite's server is never listened on: its request handler is called directly.
  const backend = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const call = dynaliteCaller(backend.listeners("request")[0] as (req: unknown, res: unknown) => void);
  const send = sender(call);
  const keys = new KeySchemas(send);
  const lock = new Lock();
  /** One request, under the lock: dynalite's own operations as they are, the others here. */
  const handle = async (operation: string, headers: IncomingHttpHeaders, text: string): Promise<DynaliteAnswer | WireAnswer> => {
    if (!OWN_OPERATIONS.has(operation)) return forward(call, headers, text);
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return { status: 400, body: { __type: "com.amazon.coral.service#SerializationException" } };
    }
    return ownOperation(operation, send, keys, params);
  };
  const front = createServer((req, res) => {
    const operation = String(req.headers["x-amz-target"] ?? "").split(".")[1] ?? "";
    // Read whole first: dynalite never sees a live stream, and a slow client holds no lock.
    readBody(req)
      .then((text) => lock.run(() => handle(operation, req.headers, text)))
      .then(
        (result) => ("headers" in result ? relay(res, result) : answer(res, result)),
        (error: Error) => {
          if (!res.destroyed)
            answer(res, { status: 500, body: { __type: "com.amazonaws.dynamodb.v20120810#InternalServerError", message: error.message } });
        },
      );
  });
  const frontPort = await listen(front, port);
  return {
    url: `http://127.0.0.1:${frontPort}`,
    stop: async () => {
      await close(front);
      await close(backend);
    },
  };
}
