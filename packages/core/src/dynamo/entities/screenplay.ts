import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/**
 * A screenplay's record. The parsed blocks can pass DynamoDB's 400 KB item
 * limit for a feature, so they live in S3 next to the original (`parsedPath`);
 * the dictionaries and counts stay here for the screens.
 */
export const Screenplay = new Entity({
  model: { entity: "screenplay", version: "1", service: "storyboard" },
  attributes: {
    screenplayId: { type: "string", required: true },
    userId: { type: "string", required: true },
    title: { type: "string", required: true },
    /** The writer the current draft's title page credits (screenplay/writer-credit.ts); absent when it names none. */
    writer: { type: "string" },
    originalFileName: { type: "string", required: true },
    filePath: { type: "string", required: true },
    /** The original's size in bytes, so a truncated file is never read as whole (docs/decisions.md#crash-safety). */
    fileSize: { type: "number" },
    /**
     * False from the upload's first write until its file is stored whole; such a
     * record is nobody's to see (docs/decisions.md#crash-safety). Absent on
     * records written before it existed, which count as stored.
     */
    fileStored: { type: "boolean" },
    parsedPath: { type: "string" },
    format: { type: "string" },
    status: { type: ["uploaded", "parsing", "ready", "failed"] as const, default: "uploaded", required: true },
    failureReason: { type: "string" },
    estimatedCost: { type: "number" },
    estimatedRenderTime: { type: "number" },
    characterDictionary: { type: "any" },
    sceneDictionary: { type: "any" },
    characterVoices: { type: "any" },
    blockCount: { type: "number" },
    style: { type: "string", default: "cinematic" },
    pageCount: { type: "number" },
    version: { type: "number", default: 1 },
    notes: { type: "string" },
    renderCount: { type: "number", default: 0 },
    /** Every draft's file, date and counts, oldest first; absent until the first revised draft (revision/drafts.ts). */
    drafts: { type: "any" },
    /** Characters of earlier drafts missing from this one, with description and voice, until matched to a new name. */
    retiredCharacters: { type: "any" },
    uploadedAt: { type: "string", required: true, readOnly: true, default: () => new Date().toISOString() },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["screenplayId"] },
      sk: { field: "sk", composite: [] },
    },
    /** A user's screenplays, newest upload last in key order. */
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["userId"] },
      sk: { field: "gsi1sk", composite: ["uploadedAt"] },
    },
  },
});
