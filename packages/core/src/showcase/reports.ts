/**
 * Reports of showcase entries (docs/product.md#showcase): signed-in viewers
 * report a public entry; Admin Fixes lists the open reports and an admin
 * unpublishes the entry or dismisses the report.
 */
import { randomUUID } from "node:crypto";
import { assertAdmin, useUserId } from "../actor";
import { reportReasonLabel } from "../catalog/showcase";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { assertWithinRateLimit } from "../rate-limit";
import { ENTRY_NOT_FOUND, getEntryItem } from "./entries";
import { holdEntry } from "./moderation-hold";
import type { ReportInput } from "./schema";

const OPEN = "open";

/** POST /api/showcase/{id}/report */
export async function reportEntry(showcaseEntryId: string, input: ReportInput) {
  const userId = useUserId();
  const entry = await getEntryItem(showcaseEntryId);
  if (!entry || entry.isPublic === false) throw AppError.notFound(ENTRY_NOT_FOUND);
  if (entry.userId === userId) throw AppError.badRequest("You can't report your own showcase entry.");
  await assertWithinRateLimit({ action: "showcase-report", limit: 10, windowSeconds: 3600, message: "You have sent many reports in a short time." }, userId);
  await db.entities.showcaseReport
    .create({ reportId: randomUUID(), showcaseEntryId, userId, reason: input.reason, message: input.message || undefined, openState: OPEN })
    .go();
  return { message: "Thank you. An admin will review this entry." };
}

/** GET /api/admin/showcase-reports: open reports, newest first, with the entry they are about. */
export async function listOpenReports() {
  assertAdmin();
  const { data } = await db.entities.showcaseReport.query.open({ openState: OPEN }).go({ pages: "all", order: "desc" });
  const entries = new Map<string, Awaited<ReturnType<typeof getEntryItem>>>();
  for (const r of data) if (!entries.has(r.showcaseEntryId)) entries.set(r.showcaseEntryId, await getEntryItem(r.showcaseEntryId));
  return data.map((r) => {
    const entry = entries.get(r.showcaseEntryId);
    return {
      id: r.reportId,
      showcaseEntryId: r.showcaseEntryId,
      reason: r.reason,
      reasonLabel: reportReasonLabel(r.reason),
      message: r.message ?? null,
      createdAt: r.createdAt,
      entry: entry ? { title: entry.title, displayName: entry.displayName, isPublic: entry.isPublic !== false } : null,
    };
  });
}

async function closeReports(showcaseEntryId: string, resolution: string, onlyReportId?: string) {
  const { data } = await db.entities.showcaseReport.query.byEntry({ showcaseEntryId }).go({ pages: "all" });
  for (const r of data.filter((r) => r.openState === OPEN && (!onlyReportId || r.reportId === onlyReportId))) {
    await db.entities.showcaseReport.patch({ reportId: r.reportId }).set({ resolution }).remove(["openState"]).go();
  }
}

async function getOpenReport(reportId: string) {
  assertAdmin();
  const { data } = await db.entities.showcaseReport.get({ reportId }).go();
  if (!data) throw AppError.notFound("Report not found.");
  return data;
}

/** POST /api/admin/showcase-reports/{id}/unpublish: hides the entry under a moderation hold and closes every open report of it. */
export async function unpublishReported(reportId: string) {
  const report = await getOpenReport(reportId);
  if (await getEntryItem(report.showcaseEntryId)) await holdEntry(report.showcaseEntryId);
  await closeReports(report.showcaseEntryId, "unpublished");
  return { message: "The showcase entry is no longer public." };
}

/** POST /api/admin/showcase-reports/{id}/dismiss: keeps the entry and closes this report. */
export async function dismissReport(reportId: string) {
  const report = await getOpenReport(reportId);
  await closeReports(report.showcaseEntryId, "dismissed", reportId);
  return { message: "Report dismissed." };
}
