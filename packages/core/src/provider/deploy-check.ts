/**
 * The provider check as `sst deploy` runs it, right after the provider-check function is updated
 * (docs/decisions.md#provider-check-at-deploy). The run is the hourly one (its result kept for
 * Admin Fixes, its errors logged for the alarm); on top, a deploy whose own configuration makes
 * provider work fail is stopped: a key the provider rejects, a model it no longer offers, a
 * malformed setting, a plan without the chosen output format. What a deploy cannot fix (credit
 * used up, a provider that does not answer) and warnings let the deploy go on.
 */
import { z } from "zod";
import { runProviderCheck, type ProviderCheckResult } from "./check-record";
import type { DoctorFinding, FindingCause } from "./doctor";

/** The causes a deploy fails on: each is fixed by the deployer's settings or keys. */
export const DEPLOY_BLOCKING_CAUSES: readonly FindingCause[] = ["key", "model", "setting", "plan"];

/** What the deploy sends the function (SST's Script invokes it with `{ params }`). */
export const deployCheckEvent = z.object({
  params: z.object({
    trigger: z.literal("deploy"),
    /** "fail" stops the deploy on a blocking finding; "warn" only records it (PROVIDER_CHECK_ON_DEPLOY). */
    onError: z.enum(["fail", "warn"]),
  }),
});
export type DeployCheckParams = z.infer<typeof deployCheckEvent>["params"];

/** The findings that stop a deploy. */
export function deployBlockers(findings: DoctorFinding[]): DoctorFinding[] {
  return findings.filter((f) => f.level === "error" && f.cause !== undefined && DEPLOY_BLOCKING_CAUSES.includes(f.cause));
}

export class DeployCheckFailed extends Error {
  override name = "ProviderCheckFailed";
}

/** Runs and keeps the check; throws (failing the deploy) when `onError` is "fail" and the configuration is at fault. */
export async function runDeployProviderCheck(params: DeployCheckParams, at = new Date()): Promise<ProviderCheckResult> {
  const report = await runProviderCheck(at);
  const blockers = deployBlockers(report.findings);
  if (blockers.length > 0 && params.onError === "fail") {
    throw new DeployCheckFailed(
      `The deploy was stopped: provider work would fail with these settings. ${blockers.map((f) => f.message).join(" ")} ` +
        "Fix the key (npx sst secrets set) or the setting and deploy again; PROVIDER_CHECK_ON_DEPLOY=warn deploys anyway.",
    );
  }
  return report;
}
