import { Logger } from "@aws-lambda-powertools/logger";

import { REVIEW_TOKEN_HEADER } from "./review/schema";

/**
 * A review link's token is its only credential (docs/decisions.md#review-links): whatever a log line
 * carries (a path, an error's message or stack), the page's address (`/review#<token>`, or the old
 * `/review/<token>`) is written without the token, and so is the value of its header wherever it is logged.
 */
const REVIEW_TOKEN_PATH = /(\/review[/#])[A-Za-z0-9_-]{16,}/g;

export const redactSecrets = (text: string) => text.replace(REVIEW_TOKEN_PATH, "$1[redacted]");

const SECRET_KEYS = new Set([REVIEW_TOKEN_HEADER]);

/** One logger per process; handlers add the request id to every line. */
export const logger = new Logger({
  serviceName: "storyboard",
  logLevel: (process.env.LOG_LEVEL as "INFO" | "DEBUG" | "WARN" | "ERROR" | "SILENT" | undefined) ?? "INFO",
  jsonReplacerFn: (key, value) =>
    typeof value !== "string" ? value : SECRET_KEYS.has(String(key).toLowerCase()) ? "[redacted]" : redactSecrets(value),
});
