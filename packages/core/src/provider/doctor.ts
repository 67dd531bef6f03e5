/**
 * The providers' self-check (`npx storyboard doctor`, the hourly job on AWS):
 * asks each configured provider for its models and account state and says in
 * plain words what will fail. OpenAI: `GET /models` (a bad key, a retired or
 * unknown model). ElevenLabs: `GET /user/subscription` (a bad key, exhausted
 * characters, a plan without the chosen output format) and `GET /models`
 * (the speech model). No call costs anything.
 */
import { ProviderError, type ProviderClient } from "./cloud/http";
import { imageModel, moderationModel, speechModel, speechOutputFormat, textModel } from "./cloud/models";
import { elevenLabsClient, elevenLabsSettings, openAiClient, openAiSettings, type CloudSettings } from "./cloud/settings";

export type FindingLevel = "ok" | "warning" | "error";

/**
 * Why an error finding fails: the deploy's own configuration (a rejected key, a model not offered,
 * a malformed setting, a plan without the chosen output format), the account's state (credit used
 * up), or no answer at all.
 * The deploy-time check fails a deploy on the first kind only (docs/decisions.md#provider-check-at-deploy).
 */
export type FindingCause = "key" | "model" | "setting" | "plan" | "quota" | "unreachable";

export interface DoctorFinding {
  provider: "OpenAI" | "ElevenLabs";
  level: FindingLevel;
  message: string;
  /** Set on every error finding. */
  cause?: FindingCause;
}

export interface DoctorReport {
  checkedAt: string;
  /** The worst finding: "error" means some work will fail now. */
  level: FindingLevel;
  findings: DoctorFinding[];
}

/**
 * Shutdown dates announced on OpenAI's deprecations page (checked 2026-11-26,
 * docs/decisions.md#provider-models): a model still listed is warned about
 * before the date, since `/models` keeps listing it until the day it stops.
 */
export const ANNOUNCED_SHUTDOWNS: Record<string, string> = {
  "gpt-image-1": "2026-10-23",
  "gpt-image-1.5": "2026-12-01",
  "gpt-image-1-mini": "2026-12-01",
  "chatgpt-image-latest": "2026-12-01",
  "gpt-4o-mini": "2027-01-14",
};
/** Warn this long before an announced shutdown. */
const SHUTDOWN_WARNING_DAYS = 90;
/** ElevenLabs plans below Pro cannot have 44.1 kHz PCM (their output-format table). */
const PCM_44100_TIERS = /^(free|starter|creator)$/i;

const MODEL_SETTINGS = [
  { name: "text", setting: "OPENAI_TEXT_MODEL", model: textModel, fails: "descriptions and image prompts" },
  { name: "image", setting: "OPENAI_IMAGE_MODEL", model: imageModel, fails: "every frame" },
  { name: "moderation", setting: "OPENAI_MODERATION_MODEL", model: moderationModel, fails: "every upload's moderation" },
] as const;

/** What an answer's failure means for the operator. */
function failureFinding(provider: DoctorFinding["provider"], keyName: string, error: unknown): DoctorFinding {
  if (!(error instanceof ProviderError))
    return { provider, level: "error", cause: "unreachable", message: `${provider} could not be checked: ${(error as Error).message}` };
  switch (error.kind) {
    case "auth":
      return { provider, level: "error", cause: "key", message: `${provider} rejected the key in ${keyName}: every ${provider} call will fail. (${error.message})` };
    case "quota":
      return { provider, level: "error", cause: "quota", message: `${provider} says the account is out of credit: every ${provider} call will fail. (${error.message})` };
    default:
      return { provider, level: "error", cause: "unreachable", message: `${provider} could not be checked: ${error.message}` };
  }
}

export async function checkOpenAi(settings: CloudSettings, at = new Date(), client: ProviderClient = openAiClient(settings, { maxRetries: 1 })): Promise<DoctorFinding[]> {
  let offered: Set<string>;
  try {
    const answer = await client.json<{ data?: { id?: string }[] }>({ operation: "model list", path: "/models" });
    offered = new Set((answer.data ?? []).map((m) => m.id).filter((id): id is string => !!id));
  } catch (error) {
    return [failureFinding("OpenAI", "OPENAI_API_KEY", error)];
  }
  const findings: DoctorFinding[] = [{ provider: "OpenAI", level: "ok", message: `OpenAI accepts the key (${offered.size} models offered).` }];
  for (const { name, setting, model, fails } of MODEL_SETTINGS) {
    const id = model();
    const shutdown = ANNOUNCED_SHUTDOWNS[id];
    const daysLeft = shutdown ? Math.ceil((Date.parse(`${shutdown}T00:00:00Z`) - at.getTime()) / 86_400_000) : undefined;
    if (!offered.has(id) || (daysLeft !== undefined && daysLeft <= 0)) {
      const why = shutdown && daysLeft! <= 0 ? `was shut down on ${shutdown}` : "is not offered to this key (retired, misspelt or not enabled)";
      findings.push({ provider: "OpenAI", level: "error", cause: "model", message: `The ${name} model ${id} ${why}: ${fails} will fail. Set ${setting} to a current model.` });
    } else if (daysLeft !== undefined && daysLeft <= SHUTDOWN_WARNING_DAYS) {
      findings.push({ provider: "OpenAI", level: "warning", message: `The ${name} model ${id} shuts down on ${shutdown} (in ${daysLeft} days). Set ${setting} to its successor before then.` });
    } else {
      findings.push({ provider: "OpenAI", level: "ok", message: `The ${name} model ${id} is offered.` });
    }
  }
  return findings;
}

interface Subscription {
  tier?: string;
  status?: string;
  character_count?: number;
  character_limit?: number;
  next_character_count_reset_unix?: number | null;
}

export async function checkElevenLabs(settings: CloudSettings, client: ProviderClient = elevenLabsClient(settings, { maxRetries: 1 })): Promise<DoctorFinding[]> {
  let subscription: Subscription;
  try {
    subscription = await client.json<Subscription>({ operation: "subscription check", path: "/user/subscription" });
  } catch (error) {
    return [failureFinding("ElevenLabs", "ELEVENLABS_API_KEY", error)];
  }
  const tier = subscription.tier ?? "unknown";
  const findings: DoctorFinding[] = [{ provider: "ElevenLabs", level: "ok", message: `ElevenLabs accepts the key (plan: ${tier}).` }];
  const used = subscription.character_count ?? 0;
  const limit = subscription.character_limit ?? 0;
  const reset = subscription.next_character_count_reset_unix ? ` until ${new Date(subscription.next_character_count_reset_unix * 1000).toISOString().slice(0, 10)}` : "";
  if (limit > 0 && used >= limit) {
    findings.push({ provider: "ElevenLabs", level: "error", cause: "quota", message: `ElevenLabs characters are used up (${used} of ${limit})${reset}: every narration will fail.` });
  } else if (limit > 0 && used >= limit * 0.9) {
    findings.push({ provider: "ElevenLabs", level: "warning", message: `ElevenLabs characters are nearly used up (${used} of ${limit})${reset}.` });
  }
  if (subscription.status && !/^(active|trialing|free)$/i.test(subscription.status)) {
    findings.push({ provider: "ElevenLabs", level: "warning", message: `The ElevenLabs subscription is ${subscription.status}.` });
  }
  try {
    const { format, sampleRate } = speechOutputFormat();
    if (sampleRate >= 44_100 && PCM_44100_TIERS.test(tier)) {
      findings.push({ provider: "ElevenLabs", level: "error", cause: "plan", message: `The ${tier} plan cannot make ${format} (Pro and above): every narration will fail. Set ELEVENLABS_OUTPUT_FORMAT to pcm_22050 or pcm_24000.` });
    }
  } catch (error) {
    findings.push({ provider: "ElevenLabs", level: "error", cause: "setting", message: (error as Error).message });
  }
  try {
    const models = await client.json<{ model_id?: string; can_do_text_to_speech?: boolean }[]>({ operation: "model list", path: "/models" });
    const model = speechModel();
    const found = models.find((m) => m.model_id === model);
    if (!found || found.can_do_text_to_speech === false) {
      findings.push({ provider: "ElevenLabs", level: "error", cause: "model", message: `The speech model ${model} is not offered for text to speech: every narration will fail. Set ELEVENLABS_SPEECH_MODEL to a current model.` });
    }
  } catch (error) {
    findings.push(failureFinding("ElevenLabs", "ELEVENLABS_API_KEY", error));
  }
  return findings;
}

const LEVELS: FindingLevel[] = ["ok", "warning", "error"];
const worst = (findings: DoctorFinding[]): FindingLevel => LEVELS[Math.max(0, ...findings.map((f) => LEVELS.indexOf(f.level)))];

/** Checks every configured provider; an unconfigured one is reported as offline (not a fault). */
export async function checkProviders(at = new Date()): Promise<DoctorReport & { offline: string[] }> {
  const openAi = openAiSettings();
  const elevenLabs = elevenLabsSettings();
  const [a, b] = await Promise.all([openAi ? checkOpenAi(openAi, at) : [], elevenLabs ? checkElevenLabs(elevenLabs) : []]);
  const findings = [...a, ...b];
  const offline = [
    ...(openAi ? [] : ["OpenAI is not configured (OPENAI_API_KEY): text, frames and moderation are made offline."]),
    ...(elevenLabs ? [] : ["ElevenLabs is not configured (ELEVENLABS_API_KEY): narration and voices are made offline."]),
  ];
  return { checkedAt: at.toISOString(), level: worst(findings), findings, offline };
}

/** The report as lines for a terminal or an alarm's message. */
export function formatReport(report: DoctorReport & { offline?: string[] }): string {
  const mark: Record<FindingLevel, string> = { ok: "ok     ", warning: "warning", error: "ERROR  " };
  const lines = [...report.findings.map((f) => `${mark[f.level]} ${f.message}`), ...(report.offline ?? []).map((line) => `offline ${line}`)];
  const verdict = { ok: "All configured providers will work.", warning: "Providers work, with warnings.", error: "Some provider work will fail." }[report.level];
  return [...lines, "", verdict].join("\n");
}
