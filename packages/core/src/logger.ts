import { Logger } from "@aws-lambda-powertools/logger";

/**
 * A review link's token is its only credential (docs/decisions.md#review-links): whatever a log line
 * carries (a path, an error's message or stack), `/review/<token>` is written without the token.
 */
const REVIEW_TOKEN_PATH = /(\/review\/)[A-Za-z0-9_-]{16,}/g;

export const redactSecrets = (text: string) => text.replace(REVIEW_TOKEN_PATH, "$1[redacted]");

/** One logger per process; handlers add the request id to every line. */
export const logger = new Logger({
  serviceName: "storyboard",
  logLevel: (process.env.LOG_LEVEL as "INFO" | "DEBUG" | "WARN" | "ERROR" | "SILENT" | undefined) ?? "INFO",
  jsonReplacerFn: (_key, value) => (typeof value === "string" ? redactSecrets(value) : value),
});
