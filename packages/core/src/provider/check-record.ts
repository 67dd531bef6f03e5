/**
 * The scheduled provider check: runs the doctor, keeps the result for Admin
 * Fixes, and logs an error marked `providerCheck: "failed"` when some provider
 * work will fail, which the production alarm counts (docs/decisions.md#provider-check).
 */
import { db } from "../dynamo/service";
import { logger } from "../logger";
import { PROVIDER_CHECK_FAILED } from "./check-alarm";
import { checkProviders, formatReport, type DoctorFinding, type FindingLevel } from "./doctor";

const CHECK_NAME = "hourly";

export interface ProviderCheckResult {
  checkedAt: string;
  level: FindingLevel;
  findings: DoctorFinding[];
  offline: string[];
}

export async function runProviderCheck(at = new Date()): Promise<ProviderCheckResult> {
  const report = await checkProviders(at);
  await db.entities.providerCheck
    .put({ name: CHECK_NAME, checkedAt: report.checkedAt, level: report.level, findings: report.findings, offline: report.offline })
    .go();
  logProviderCheck(report);
  return report;
}

/**
 * One log line for a check that found something: an error line with the failed mark (the run itself ends
 * normally, so only this line tells the alarm), or a warning line, which no alarm counts.
 */
export function logProviderCheck(report: ProviderCheckResult) {
  if (report.level === "error") {
    logger.error("Provider check: some provider work will fail", {
      [PROVIDER_CHECK_FAILED.field]: PROVIDER_CHECK_FAILED.value,
      report: formatReport(report),
    });
  } else if (report.level === "warning") logger.warn("Provider check: warnings", { report: formatReport(report) });
}

/** The last scheduled check, or null before the first one. */
export async function lastProviderCheck(): Promise<ProviderCheckResult | null> {
  const { data } = await db.entities.providerCheck.get({ name: CHECK_NAME }).go();
  if (!data) return null;
  return { checkedAt: data.checkedAt, level: data.level, findings: data.findings as DoctorFinding[], offline: data.offline ?? [] };
}
