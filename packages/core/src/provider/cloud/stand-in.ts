/**
 * A local HTTP stand-in for the cloud providers, for tests: it records every
 * request (method, path, query, headers, body) so a test can check what an
 * adapter sent, and answers with whatever the test says. Each answer is first
 * checked against the API definitions' response schema for its operation
 * (answer-check.ts): one that does not fit is still sent, and `close()` then
 * fails the test file with what did not fit. Listens on 127.0.0.1 on a free port.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { checkAnswer } from "./answer-check";
import { MODERATION_CATEGORIES } from "./fixtures/response-schemas";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON. */
  json<T = Record<string, unknown>>(): T;
  /** The definitions' schema the answer was checked against (absent: they give none for this path or status). */
  answerSchema?: string;
}

export interface StandInAnswer {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  body?: Uint8Array | string;
}

export type Responder = (request: RecordedRequest) => StandInAnswer | Promise<StandInAnswer>;

export interface StandIn {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  requests: RecordedRequest[];
  /** Answers that did not fit the API definitions, since the start (`close()` fails on any). */
  nonConforming: string[];
  /** Sets how the next requests are answered (and forgets the recorded ones). */
  answer(responder: Responder): void;
  close(): Promise<void>;
}

export async function startStandIn(): Promise<StandIn> {
  let responder: Responder = () => ({ status: 500, json: serverError("no answer set") });
  const requests: RecordedRequest[] = [];
  const nonConforming: string[] = [];
  const report = (line: string) => {
    if (!nonConforming.includes(line)) nonConforming.push(line);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const body = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        json: <T>() => JSON.parse(body.toString("utf8")) as T,
      };
      requests.push(recorded);
      try {
        const answer = await responder(recorded);
        const check = checkAnswer(recorded, answer);
        recorded.answerSchema = check.schema;
        if (check.issues.length > 0) report(`${recorded.method} ${recorded.path} -> ${answer.status ?? 200} (${check.schema}): ${check.issues.join("; ")}`);
        const payload = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.body ?? "");
        const headers = { ...(answer.json !== undefined ? { "content-type": "application/json" } : {}), ...answer.headers };
        res.writeHead(answer.status ?? 200, headers).end(payload);
      } catch (error) {
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify(serverError((error as Error).message)));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    nonConforming,
    answer(next) {
      responder = next;
      requests.length = 0;
    },
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      if (nonConforming.length > 0) throw new Error(`The stand-in gave answers the API definitions do not allow:\n${nonConforming.join("\n")}`);
    },
  };
}

/** The stand-in's own failure, in OpenAI's error shape (ErrorResponse). */
const serverError = (message: string) => ({ error: { message, type: "server_error", param: null, code: null } });

/** A chat completion as OpenAI returns it, with `content` as the assistant's message. */
export function chatCompletion(content: string | null, extra: { refusal?: string; finishReason?: string } = {}) {
  return {
    id: "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
    object: "chat.completion",
    created: 1741569952,
    model: "gpt-4o-mini-2024-07-18",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: extra.refusal ?? null, annotations: [] },
        logprobs: null,
        finish_reason: extra.finishReason ?? "stop",
      },
    ],
    usage: { prompt_tokens: 412, completion_tokens: 58, total_tokens: 470 },
    service_tier: "default",
    system_fingerprint: "fp_06737a9306",
  };
}

/** One result of omni-moderation-latest (CreateModerationResponse): every category in each of its three maps, the named ones flagged. */
export function moderationResult(flaggedCategories: string[] = []) {
  const categories = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, flaggedCategories.includes(c)]));
  const category_scores = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, flaggedCategories.includes(c) ? 0.91 : 0.0004]));
  const category_applied_input_types = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, ["text"]]));
  return { flagged: flaggedCategories.length > 0, categories, category_scores, category_applied_input_types };
}
