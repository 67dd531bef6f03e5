import { AppError } from "@storyboard/core/error";
import { api } from "../shared/handler";

/** Every /api path no route matches (API Gateway's $default route; the local server too). */
export const handler = api({}, async ({ event }) => {
  throw AppError.notFound(`No API route matches ${event.requestContext?.http?.method ?? "GET"} ${event.rawPath}.`);
});
