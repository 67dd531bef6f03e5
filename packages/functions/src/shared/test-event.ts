import type { APIGatewayProxyEventV2 } from "aws-lambda";

/** An API Gateway v2 event for calling a handler directly in tests. */
export function makeEvent(init: {
  method?: string;
  path?: string;
  routeKey?: string;
  body?: string;
  headers?: Record<string, string>;
  cookies?: string[];
  query?: Record<string, string>;
  params?: Record<string, string>;
}): APIGatewayProxyEventV2 {
  const method = init.method ?? "GET";
  const path = init.path ?? "/api/test";
  return {
    version: "2.0",
    routeKey: init.routeKey ?? `${method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(init.query ?? {}).toString(),
    cookies: init.cookies,
    headers: { host: "localhost:3000", ...(init.headers ?? {}) },
    queryStringParameters: init.query,
    pathParameters: init.params,
    requestContext: {
      accountId: "test",
      apiId: "test",
      domainName: "localhost",
      domainPrefix: "localhost",
      http: { method, path, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "vitest" },
      requestId: `req-${Math.random().toString(36).slice(2)}`,
      routeKey: init.routeKey ?? `${method} ${path}`,
      stage: "$default",
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    body: init.body,
    isBase64Encoded: false,
  };
}
