import type { S3Event } from "aws-lambda";
import { decodeEventKey } from "@storyboard/core/blob/s3";
import { ingestUploadedScreenplay } from "@storyboard/core/screenplay/ingest";

/** The uploads bucket's ObjectCreated event (prefix `screenplays/`): parse each new original. */
export const handler = async (event: S3Event) => {
  for (const record of event.Records ?? []) {
    await ingestUploadedScreenplay(decodeEventKey(record.s3.object.key));
  }
};
