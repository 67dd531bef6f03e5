import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { NOT_FOUND_ROUTE, type Route, routeKey, routes } from "@storyboard/functions/routes";

type Handler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway's integration timeout: an HTTP API answers 503 when a Lambda takes longer. */
export const INTEGRATION_TIMEOUT_MS = 30_000;

/** API Gateway's own limit on a request body. */
const MAX_BODY_BYTES = 10 * 1024 * 1024 + 64 * 1024;
const TEXT_TYPES = /^(application\/json|text\/|application\/x-www-form-urlencoded)/;

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = routes.map((route) => {
  const names: string[] = [];
  // "{name+}" is API Gateway's greedy parameter: the rest of the path, slashes included.
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)(\\\+)?\}/g, (_m, name, greedy) => {
    names.push(name);
    return greedy ? "(.+)" : "([^/]+)";
  });
  return { route, pattern: new RegExp(`^${source}/?$`), names };
});

const loaded = new Map<string, Promise<Handler>>();
const loadHandler = (module: string) => {
  if (!loaded.has(module)) {
    loaded.set(
      module,
      import(`@storyboard/functions/${module}`).then((m) => m.handler as Handler),
    );
  }
  return loaded.get(module)!;
};

export function matchRoute(method: string, path: string) {
  for (const c of compiled) {
    if (c.route.method !== method) continue;
    const m = c.pattern.exec(path);
    if (m) return { route: c.route, params: Object.fromEntries(c.names.map((n, i) => [n, m[i + 1]])) };
  }
  return null;
}

async function readBody(req: IncomingMessage): Promise<Buffer | "too_large"> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit keep reading and drop the rest, so the client gets the 413 rather than a reset connection.
  for await (const chunk of req) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY_BYTES ? "too_large" : Buffer.concat(chunks);
}

/** Turns a Node request into the API Gateway v2 event the deployed Lambdas receive. */
export function toEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  route: string,
  params?: Record<string, string>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(",") : v;
  forwardFor(headers, req.socket.remoteAddress ?? "127.0.0.1");
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = query[k] === undefined ? v : `${query[k]},${v}`;
  const isText = !body.length || TEXT_TYPES.test(headers["content-type"] ?? "");
  const method = req.method ?? "GET";
  return {
    version: "2.0",
    routeKey: route,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ""),
    cookies: headers.cookie ? headers.cookie.split(/;\s*/) : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: params && Object.keys(params).length ? params : undefined,
    requestContext: {
      accountId: "local",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: "localhost",
      http: {
        method,
        path: url.pathname,
        protocol: "HTTP/1.1",
        sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey: route,
      stage: "$default",
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    body: body.length ? body.toString(isText ? "utf8" : "base64") : undefined,
    isBase64Encoded: !isText,
  };
}

const jsonError = (statusCode: number, message: string, code: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify({ message, code }),
});

/**
 * Runs a handler as API Gateway would: a handler that throws (the wrapper
 * normally catches everything, but a module can fail to load or throw before
 * it) answers 500, and one that has not answered after the integration
 * timeout answers 503. Either way the server goes on serving.
 */
export async function runHandler(
  handler: () => Promise<APIGatewayProxyStructuredResultV2>,
  timeoutMs = INTEGRATION_TIMEOUT_MS,
): Promise<APIGatewayProxyStructuredResultV2> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<APIGatewayProxyStructuredResultV2>((resolve) => {
    timer = setTimeout(() => resolve(jsonError(503, "The server took too long to answer. Please try again.", "timeout")), timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(handler), timedOut]);
  } catch (error) {
    console.error("A handler failed outside its error handling:", error);
    return jsonError(500, "Something went wrong on our side. Please try again.", "internal");
  } finally {
    clearTimeout(timer);
  }
}

function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  res.statusCode = result.statusCode ?? 200;
  for (const [k, v] of Object.entries(result.headers ?? {})) res.setHeader(k, String(v));
  if (result.cookies?.length) res.setHeader("set-cookie", result.cookies);
  const body = result.body ?? "";
  res.end(result.isBase64Encoded ? Buffer.from(body, "base64") : body);
}

/** Answers `/api/*` like API Gateway would; returns false for other paths. */
export async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (!url.pathname.startsWith("/api/") && url.pathname !== "/api") return false;
  const body = await readBody(req);
  if (body === "too_large") {
    writeResult(res, {
      statusCode: 413,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "The request is larger than the 10 MB limit.", code: "payload_too_large" }),
    });
    return true;
  }
  const method = req.method ?? "GET";
  const match = matchRoute(method, url.pathname);
  const handlerModule = match ? match.route.handler : NOT_FOUND_ROUTE.handler;
  const key = match ? routeKey(match.route) : NOT_FOUND_ROUTE.routeKey;
  const event = toEvent(req, url, body, key, match?.params);
  writeResult(res, await runHandler(async () => (await loadHandler(handlerModule))(event)));
  return true;
}

/**
 * Plays CloudFront's part: the peer's address goes last in X-Forwarded-For,
 * where the handlers' per-IP limits read it. A loopback peer is a trusted
 * proxy (a local reverse proxy, the tests), so the list it sends is kept.
 */
function forwardFor(headers: Record<string, string>, peer: string) {
  const loopback = peer === "::1" || peer.startsWith("127.") || peer.startsWith("::ffff:127.");
  if (loopback && headers["x-forwarded-for"]) return;
  headers["x-forwarded-for"] = [headers["x-forwarded-for"], peer].filter(Boolean).join(", ");
}
