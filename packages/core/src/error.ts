import type { z } from "zod";

/**
 * The one error type the product raises on purpose. Handlers map it to
 * `{ message, code }` with its HTTP status; anything else becomes a logged 500.
 */
export type ErrorCode =
  | "bad_request"
  | "validation"
  | "unauthorized"
  | "payment_required"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "too_many_requests"
  | "moderation_blocked"
  | "internal";

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  moderation_blocked: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields merged into the JSON body (e.g. a moderation report). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
    this.status = STATUS[code];
  }

  static badRequest(message: string, details?: Record<string, unknown>) {
    return new AppError("bad_request", message, details);
  }
  static unauthorized(message = "You need to sign in to do that.") {
    return new AppError("unauthorized", message);
  }
  static forbidden(message = "You are not allowed to do that.") {
    return new AppError("forbidden", message);
  }
  static notFound(message = "Not found.") {
    return new AppError("not_found", message);
  }
  static conflict(message: string) {
    return new AppError("conflict", message);
  }
}

/** Parses `data` with a zod schema, or throws a 400 with the first issue's message and the full list under `issues`. */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  throw new AppError("validation", first ? first.message : "The request is not valid.", { issues });
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
