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

/** Single-item calls from the front to dynalite; dynalite wants a (any) SigV4-shaped Authorization header. */
function sender(url: string): Send {
  return async (operation, params) => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": `DynamoDB_20120810.${operation}`,
        "X-Amz-Date": new Date().toISOString().replace(/[-:]|\.\d+/g, ""),
        Authorization: "AWS4-HMAC-SHA256 Credential=local/20000101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
      },
      body: JSON.stringify(params),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

const FORWARDED_HEADERS = ["content-type", "x-amz-target", "x-amz-date", "authorization", "x-amz-security-token"];
const RELAYED_HEADERS = ["content-type", "x-amz-crc32", "x-amzn-requestid"];

/** One request as the client sent it, to dynalite. */
async function forward(url: string, headers: IncomingHttpHeaders, body: string) {
  const sent = Object.fromEntries(FORWARDED_HEADERS.flatMap((name) => (typeof headers[name] === "string" ? [[name, headers[name]]] : [])));
  const response = await fetch(url, { method: "POST", headers: sent, body });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

function relay(res: ServerResponse, { status, headers, body }: Awaited<ReturnType<typeof forward>>) {
  const kept = Object.fromEntries(RELAYED_HEADERS.flatMap((name) => (headers.has(name) ? [[name, headers.get(name)!]] : [])));
  res.writeHead(status, { ...kept, "Content-Length": Buffer.byteLength(body) });
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
  const backend = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const backendPort = await listen(backend, 0);
  const backendUrl = `http://127.0.0.1:${backendPort}/`;
  const send = sender(backendUrl);
  const keys = new KeySchemas(send);
  const lock = new Lock();
  const front = createServer((req, res) => {
    const target = String(req.headers["x-amz-target"] ?? "");
    const operation = target.split(".")[1] ?? "";
    // Read whole before dynalite sees it: dynalite throws (and so ends this process) when a client hangs up mid-request.
    const body = readBody(req);
    body.catch(() => undefined);
    void lock
      .run(async () => {
        const text = await body;
        if (!OWN_OPERATIONS.has(operation)) return relay(res, await forward(backendUrl, req.headers, text));
        let params: Record<string, unknown>;
        try {
          params = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return answer(res, { status: 400, body: { __type: "com.amazon.coral.service#SerializationException" } });
        }
        answer(res, await ownOperation(operation, send, keys, params));
      })
      .catch((error: Error) => {
        if (!res.headersSent && !res.destroyed)
          answer(res, { status: 500, body: { __type: "com.amazonaws.dynamodb.v20120810#InternalServerError", message: error.message } });
      });
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
