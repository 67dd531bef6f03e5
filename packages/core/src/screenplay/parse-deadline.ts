/**
 * Uploads are all or nothing (docs/decisions.md#crash-safety). The upload
 * records its screenplay together with a parse deadline; the parse removes it
 * when it ends either way. The sweeper settles a deadline that passed: a
 * screenplay whose file never arrived whole is removed (the browser was told
 * the upload failed, or got no answer); one whose parse was cut off (a killed
 * worker, a crash) is parsed again once, then failed with a message.
 */
import { GetObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { now } from "../clock";
import { isMissingObject, s3 } from "../blob/s3";
import { config } from "../config";
import { db } from "../dynamo/service";

/** After this, an upload that is not parsed yet is the sweeper's (a parse takes seconds). */
export const PARSE_LIMIT_SECONDS = 5 * 60;
export const PARSE_CUT_OFF_REASON = "We could not finish reading this screenplay. Please upload it again.";

export const parseDueAt = (from = now()) => new Date(from + PARSE_LIMIT_SECONDS * 1000).toISOString();

/** The deadline item, for the upload's own transaction (upload.ts). */
export const parseDeadlineItem = (screenplayId: string) => ({ kind: "parse" as const, id: screenplayId, dueAt: parseDueAt(), detail: { attempts: 0 } });

/** The parse ended (ready or failed): nothing is left for the sweeper. */
export const parseSettled = (screenplayId: string) => db.entities.deadline.delete({ kind: "parse", id: screenplayId }).go();

/** The stored original's size, or undefined when nothing is stored under its key. */
export async function storedSize(key: string): Promise<number | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return head.ContentLength;
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw error;
  }
}

/** The original whole, or undefined when it is missing or shorter or longer than the upload recorded. */
export async function readWholeOriginal(key: string, expectedSize: number | undefined): Promise<Uint8Array | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    const bytes = await out.Body!.transformToByteArray();
    return expectedSize === undefined || bytes.byteLength === expectedSize ? bytes : undefined;
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw error;
  }
}
