/**
 * What a provider's failure means, in one place: which kind it is (so the
 * client knows whether another try can help) and what the writer is told
 * (docs/decisions.md#provider-errors). The operator sees the provider's own
 * message in the error log; the writer sees these words.
 */

export type ProviderFailureKind =
  /** The key is wrong, revoked or lacks permission: no retry helps. */
  | "auth"
  /** The account is out of credit or characters. */
  | "quota"
  /** The configured model is retired or unknown to this key. */
  | "retired_model"
  /** The provider's safety system refused the prompt. */
  | "refused"
  /** The voice asked for does not exist (any more). */
  | "voice_not_found"
  /** Too many requests: worth waiting and trying again. */
  | "rate_limited"
  /** The provider is down, slow or overloaded: worth trying again. */
  | "unavailable"
  /** We sent something the provider does not accept (our bug). */
  | "bad_request"
  /** The answer came back but was not what the API promises. */
  | "bad_answer";

/** Kinds another attempt may cure. */
export const RETRYABLE_KINDS: ReadonlySet<ProviderFailureKind> = new Set(["rate_limited", "unavailable", "bad_answer"]);

/** How OpenAI and ElevenLabs say "out of credit" (OpenAI answers 429, ElevenLabs 401). */
const QUOTA_CODES = new Set(["insufficient_quota", "quota_exceeded", "billing_hard_limit_reached", "billing_not_active"]);
/** How OpenAI says its safety system refused a prompt (current and older code). */
const REFUSAL_CODES = new Set(["moderation_blocked", "content_policy_violation"]);
const AUTH_CODES = new Set(["invalid_api_key", "missing_permissions", "detected_unusual_activity", "unsupported_country_region_territory"]);

/** The kind of an HTTP failure from its status and the provider's code (and message, for a retired model without a code). */
export function classifyFailure(status: number | undefined, code: string | undefined, message = ""): ProviderFailureKind {
  if (status === undefined) return "unavailable";
  if (code && QUOTA_CODES.has(code)) return "quota";
  if (code && REFUSAL_CODES.has(code)) return "refused";
  if (code === "voice_not_found") return "voice_not_found";
  if (code === "model_not_found" || (status === 404 && /\bmodel\b/i.test(message)) || /model .* (has been deprecated|does not exist)/i.test(message))
    return "retired_model";
  if (status === 401 || status === 403 || (code && AUTH_CODES.has(code))) return "auth";
  if (status === 429) return "rate_limited";
  if (status === 408 || status === 409 || status >= 500) return "unavailable";
  return "bad_request";
}

const SERVICE: Record<string, string> = { OpenAI: "The image and text service", ElevenLabs: "The voice service" };

/**
 * The words a writer reads when a provider call ended their render or image
 * (`refunded` says whether points went back). Never the key, never a stack.
 */
export function writerMessage(failure: { provider: string; kind: ProviderFailureKind; detail?: string }, refunded = true): string {
  const service = SERVICE[failure.provider] ?? "An outside service";
  const points = refunded ? " Your points are refunded." : "";
  switch (failure.kind) {
    case "auth":
      return `${service} rejected our key — we have been notified.${points}`;
    case "quota":
      return `${service} has run out of credit on our account — we have been notified.${points}`;
    case "retired_model":
      return `${service} no longer offers the model we use — we have been notified.${points}`;
    case "refused":
      return `The image service refused this prompt${failure.detail ? `: ${failure.detail}` : "."} Edit the prompt or use a drawn frame.${points}`;
    case "voice_not_found":
      return `A voice chosen for this screenplay no longer exists. Choose another voice and render again.${points}`;
    case "rate_limited":
      return `${service} is busy right now. Please try again in a few minutes.${points}`;
    case "unavailable":
      return `${service} is not answering right now. Please try again later.${points}`;
    case "bad_request":
    case "bad_answer":
      return `${service} could not handle our request — we have been notified.${points}`;
  }
}

/** Go's duration strings in OpenAI's `x-ratelimit-reset-*` headers ("1s", "6m0s", "20ms", "1h2m3.5s") in ms. */
export function parseResetDuration(value: string | null | undefined): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };
  let total = 0;
  let rest = text;
  while (rest) {
    const match = /^(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/.exec(rest);
    if (!match) return undefined;
    total += Number(match[1]) * units[match[2]];
    rest = rest.slice(match[0].length);
  }
  return total;
}

/** Our ProviderError messages: "<Provider> <operation> failed: HTTP <status> (<code>): <message>" or "... failed: no answer, ...". */
const PROVIDER_MESSAGE = /\b(OpenAI|ElevenLabs) [\w -]+? failed: (?:HTTP (\d{3})(?: \(([\w.-]+)\))?(?:: (.*))?|no answer)/s;

/**
 * The provider failure inside a message that crossed a process boundary (a
 * Step Functions error's Cause: our message, or Lambda's JSON around it),
 * or undefined when it was not a provider's.
 */
export function providerFailureIn(text: string | undefined): { provider: string; kind: ProviderFailureKind; detail?: string } | undefined {
  if (!text) return undefined;
  let message = text;
  try {
    const parsed = JSON.parse(text) as { errorMessage?: unknown };
    if (typeof parsed?.errorMessage === "string") message = parsed.errorMessage;
  } catch {
    // Not JSON: the message itself (the local runner passes it as is).
  }
  const match = PROVIDER_MESSAGE.exec(message);
  if (!match) return undefined;
  const [, provider, status, code, detail] = match;
  return { provider, kind: classifyFailure(status ? Number(status) : undefined, code, detail ?? ""), detail };
}
