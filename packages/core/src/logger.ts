import { Logger } from "@aws-lambda-powertools/logger";

/** One logger per process; handlers add the request id to every line. */
export const logger = new Logger({
  serviceName: "storyboard",
  logLevel: (process.env.LOG_LEVEL as "INFO" | "DEBUG" | "WARN" | "ERROR" | "SILENT" | undefined) ?? "INFO",
});
