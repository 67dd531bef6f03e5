import { AppError } from "@storyboard/core/error";
import { type ApiEvent, bodyText, header } from "../../shared/http";
import { parseMultipart } from "../../shared/multipart";

const MAX_FIELD_BYTES = 16 * 1024;
const TRUE = new Set(["true", "on", "1", "yes"]);

/**
 * The request's fields from JSON, `application/x-www-form-urlencoded` or
 * `multipart/form-data` (docs/product.md#accounts: the registration is "sent as form data").
 * Form values are strings, so the named checkbox fields become booleans
 * (an unchecked box is simply absent: false).
 */
export async function readFields(event: ApiEvent, booleans: readonly string[] = []): Promise<Record<string, unknown>> {
  const type = (header(event, "content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "" || type === "application/json") {
    const text = bodyText(event);
    if (!text.trim()) return {};
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw AppError.badRequest("The request body is not valid JSON.");
    }
  }
  let fields: Record<string, string>;
  if (type === "application/x-www-form-urlencoded") fields = Object.fromEntries(new URLSearchParams(bodyText(event)));
  else if (type === "multipart/form-data") fields = (await parseMultipart(event, 0, MAX_FIELD_BYTES)).fields;
  else throw new AppError("unsupported_media_type", "Send the form as JSON, URL-encoded or multipart form data.");
  const out: Record<string, unknown> = { ...fields };
  for (const name of booleans) out[name] = TRUE.has((fields[name] ?? "").toLowerCase());
  return out;
}
