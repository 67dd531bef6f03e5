/**
 * Checks an answer the test stand-in (stand-in.ts) is about to give against
 * the response schema the API definitions give for that operation and status
 * (fixtures/response-schemas.ts), so tests exercise the adapters with answers
 * a real provider could send, not answers shaped to suit the code under test.
 * The provider is told by its credentials header (both serve `GET /v1/models`);
 * paths are matched by their end, below any prefix a test gives its base URL;
 * a path that is no operation of the definitions (a preview file's host, the
 * HTTP client's own tests) has nothing to be checked against.
 */
import type { z } from "zod";
import {
  CreateChatCompletionResponse,
  CreateModerationResponse,
  ErrorResponse,
  ExtendedSubscriptionResponseModel,
  GetVoicesV2ResponseModel,
  HTTPValidationError,
  ImagesResponse,
  ListModelsResponse,
  ModelList,
  TooManyRequestsHeaders,
} from "./fixtures/response-schemas";

export interface CheckedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface CheckedAnswer {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  body?: Uint8Array | string;
}

export interface AnswerCheck {
  /** What the answer was checked against, e.g. "OpenAI ImagesResponse"; absent when the definitions give nothing for it. */
  schema?: string;
  /** What does not fit, one line each; empty when the answer fits. */
  issues: string[];
}

type Expectation = { name: string; json: z.ZodType } | { name: string; audio: true };

interface Operation {
  method: string;
  path: RegExp;
  ok: Expectation;
  /** The definition's 429 carries a Retry-After header with a schema of its own (TooManyRequests). */
  tooManyRequests?: boolean;
}

const OPENAI: Operation[] = [
  { method: "POST", path: /\/v1\/images\/(generations|edits)$/, ok: { name: "ImagesResponse", json: ImagesResponse } },
  { method: "POST", path: /\/v1\/chat\/completions$/, ok: { name: "CreateChatCompletionResponse", json: CreateChatCompletionResponse }, tooManyRequests: true },
  { method: "POST", path: /\/v1\/moderations$/, ok: { name: "CreateModerationResponse", json: CreateModerationResponse } },
  { method: "GET", path: /\/v1\/models$/, ok: { name: "ListModelsResponse", json: ListModelsResponse } },
];

/** The definition's text-to-speech 200 is binary audio (it names audio/mpeg; a PCM output format answers raw samples). */
const ELEVENLABS: Operation[] = [
  { method: "POST", path: /\/v1\/text-to-speech\/[^/]+$/, ok: { name: "text-to-speech audio", audio: true } },
  { method: "GET", path: /\/v2\/voices$/, ok: { name: "GetVoicesV2ResponseModel", json: GetVoicesV2ResponseModel } },
  { method: "GET", path: /\/v1\/user\/subscription$/, ok: { name: "ExtendedSubscriptionResponseModel", json: ExtendedSubscriptionResponseModel } },
  { method: "GET", path: /\/v1\/models$/, ok: { name: "ModelResponseModel[]", json: ModelList } },
];

function providerOf(headers: CheckedRequest["headers"]): "OpenAI" | "ElevenLabs" | undefined {
  if (headers["xi-api-key"]) return "ElevenLabs";
  if (String(headers.authorization ?? "").startsWith("Bearer ")) return "OpenAI";
  return undefined;
}

/** The answer's JSON, whether given as `json` or as a JSON body. */
function jsonOf(answer: CheckedAnswer): { value?: unknown; issue?: string } {
  if (answer.json !== undefined) return { value: answer.json };
  try {
    return { value: JSON.parse(Buffer.from(answer.body ?? "").toString("utf8")) };
  } catch {
    return { issue: "expected a JSON body" };
  }
}

const headerOf = (answer: CheckedAnswer, name: string) =>
  Object.entries(answer.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

function fits(expectation: Expectation, answer: CheckedAnswer): string[] {
  if ("audio" in expectation) {
    const issues: string[] = [];
    const type = headerOf(answer, "content-type") ?? "";
    if (answer.json !== undefined || !type.startsWith("audio/")) issues.push(`expected binary audio, got ${type || "no content type"}`);
    if (!answer.body || answer.body.length === 0) issues.push("expected audio bytes, got an empty body");
    return issues;
  }
  const { value, issue } = jsonOf(answer);
  if (issue) return [issue];
  const result = expectation.json.safeParse(value);
  if (result.success) return [];
  // One line per kind of fault: the same fault in each of a hundred voices reads once, as voices.*.
  const lines = result.error.issues.map((i) => `${i.path.map((p) => (typeof p === "number" ? "*" : String(p))).join(".") || "(body)"}: ${i.message}`);
  return [...new Set(lines)];
}

/** Checks one answer; see the module comment for what is checked. */
export function checkAnswer(request: CheckedRequest, answer: CheckedAnswer): AnswerCheck {
  const provider = providerOf(request.headers);
  const operations = provider === "OpenAI" ? OPENAI : provider === "ElevenLabs" ? ELEVENLABS : [];
  const operation = operations.find((o) => o.method === request.method && o.path.test(request.path));
  if (!provider || !operation) return { issues: [] };
  const status = answer.status ?? 200;
  if (status < 400) return { schema: `${provider} ${operation.ok.name}`, issues: fits(operation.ok, answer) };
  if (provider === "OpenAI") {
    // The definition names ErrorResponse on the 429s it lists; it is the API's one error body, so every error is held to it.
    const issues = fits({ name: "ErrorResponse", json: ErrorResponse }, answer);
    if (status === 429 && operation.tooManyRequests) {
      const headers = TooManyRequestsHeaders.safeParse({ "retry-after": headerOf(answer, "retry-after") });
      if (!headers.success) issues.push(...headers.error.issues.map((i) => `header ${i.path.join(".")}: ${i.message}`));
    }
    return { schema: "OpenAI ErrorResponse", issues };
  }
  // ElevenLabs' definition gives an error body for 422 only; its 401, 404 and 429 bodies are not in it.
  if (status === 422) return { schema: "ElevenLabs HTTPValidationError", issues: fits({ name: "HTTPValidationError", json: HTTPValidationError }, answer) };
  return { issues: [] };
}
