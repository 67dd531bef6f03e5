import { unsubscribe } from "@storyboard/core/notification/unsubscribe";
import { z } from "zod";
import { api } from "../../shared/handler";
import { bodyText, header } from "../../shared/http";
import { AppError } from "@storyboard/core/error";

const MISSING = "Invalid unsubscribe link. Missing required parameters.";
const query = z.object({
  token: z.string({ error: MISSING }).trim().min(1, MISSING),
  setting: z.string({ error: MISSING }).trim().min(1, MISSING),
});
const NOT_ONE_CLICK = "A one-click unsubscribe sends List-Unsubscribe=One-Click in its body (RFC 8058).";

/**
 * RFC 8058 one-click unsubscribe: a mail client's Unsubscribe button POSTs
 * `List-Unsubscribe=One-Click` to the address in the e-mail's List-Unsubscribe
 * header. Mail providers call it from their servers (no Origin, no session):
 * the token in the address is the credential, as for the page's link.
 */
export const handler = api({ query, bodyKind: "raw", skipOriginCheck: true }, async ({ event, query }) => {
  if (!isOneClickBody(bodyText(event), header(event, "content-type") ?? "")) throw AppError.badRequest(NOT_ONE_CLICK);
  return unsubscribe(query.token, query.setting);
});

/** The body RFC 8058 prescribes, form-encoded or multipart. */
function isOneClickBody(body: string, contentType: string): boolean {
  if (contentType.startsWith("multipart/form-data")) return /name="List-Unsubscribe"\r?\n\r?\nOne-Click\r?\n/.test(body);
  return new URLSearchParams(body).get("List-Unsubscribe") === "One-Click";
}
