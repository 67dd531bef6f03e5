import { randomUUID } from "node:crypto";
import { extname } from "node:path";
import { useUserId } from "../actor";
import { deleteKeys, putObject } from "../blob/s3";
import { screenplayKeys } from "../blob/keys";
import { config } from "../config";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { moderationProvider } from "../moderation/provider";
import type { ModerationResult } from "../moderation/types";
import { MAX_UPLOAD_BYTES } from "./constants";
import { normaliseFileName } from "./file-name";
import { singleLine } from "../plain-text";
import { parseScreenplay } from "./parse";
import { parseDeadlineItem, parseSettled } from "./parse-deadline";

export const MAX_TITLE_LENGTH = 200;

const CONTENT_TYPES: Record<string, string> = {
  ".fdx": "application/xml",
  ".xml": "application/xml",
  ".osf": "application/xml",
  ".fadein": "application/zip",
  ".fountain": "text/plain; charset=utf-8",
};

/** The size limit, the file name, the parse and moderation every upload passes (first upload and revised drafts). */
export async function checkUploadedFile(input: { fileName: string; bytes: Uint8Array }) {
  if (input.bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new AppError("payload_too_large", `File size should not exceed ${MAX_UPLOAD_BYTES / 1024 / 1024}MB.`);
  }
  // One name for everything below: the parse, the key's extension, the record (docs/decisions.md#hardening).
  const fileName = normaliseFileName(input.fileName);
  if (!fileName) throw AppError.badRequest("Please choose a screenplay file to upload.");
  const parsed = parseScreenplay(input.bytes, fileName);
  const report = await moderationProvider().moderate(parsed.blocks.map((b) => ({ id: b.id, text: b.text })));
  if (!report.canProceed) {
    throw new AppError("moderation_blocked", "This screenplay contains content that our content policy does not allow.", {
      canProceed: report.canProceed,
      flaggedSections: report.flaggedSections,
    });
  }
  return { fileName, parsed, report, extension: extname(fileName).toLowerCase() };
}

/** What a file's extension is stored as. */
export const contentTypeOf = (extension: string) => CONTENT_TYPES[extension] ?? "application/octet-stream";

export interface UploadInput {
  title?: string;
  fileName: string;
  bytes: Uint8Array;
}

/**
 * Checks, moderates and stores an uploaded screenplay. The file is parsed here
 * only to refuse what is not a screenplay before anything is stored; the
 * screenplay's own parse runs from the bucket's ObjectCreated event.
 */
export async function uploadScreenplay(input: UploadInput): Promise<{ id: string; moderation?: ModerationResult }> {
  const userId = useUserId();
  const title = singleLine(input.title ?? "").trim();
  if (title.length > MAX_TITLE_LENGTH) throw AppError.badRequest(`The title must be ${MAX_TITLE_LENGTH} characters or fewer.`);
  const { fileName, parsed, report, extension } = await checkUploadedFile(input);

  const screenplayId = randomUUID();
  const filePath = screenplayKeys.original(userId, screenplayId, extension);
  // The record (hidden until its file is stored) and its parse deadline together: if the file never arrives whole
  // (a crash), the sweeper removes the record.
  await db.transaction
    .write((tx) => [
      tx.screenplay
        .create({
          screenplayId,
          userId,
          title: title || parsed.title || fileName.slice(0, fileName.length - extension.length) || "Untitled",
          originalFileName: fileName,
          filePath,
          fileSize: input.bytes.byteLength,
          fileStored: false,
          format: parsed.format,
          status: "uploaded",
        })
        .commit(),
      tx.deadline.create(parseDeadlineItem(screenplayId)).commit(),
    ])
    .go()
    .then((result) => {
      if (result.canceled) throw new Error(`The screenplay ${screenplayId} could not be recorded.`);
    });
  try {
    await putObject(config.uploadsBucket, filePath, input.bytes, contentTypeOf(extension));
    // Only now may the writer see it (the parse may have flipped it already: both write true).
    await db.entities.screenplay.patch({ screenplayId }).set({ fileStored: true }).go();
  } catch (e) {
    // Leave nothing half-written: no record without its file.
    await db.entities.screenplay.delete({ screenplayId }).go();
    await parseSettled(screenplayId).catch(() => {});
    await deleteKeys(config.uploadsBucket, [filePath]).catch(() => {});
    throw e;
  }
  return { id: screenplayId, moderation: report.flaggedSections.length ? report : undefined };
}
