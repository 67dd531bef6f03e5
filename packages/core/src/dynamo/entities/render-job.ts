import { Entity } from "electrodb";
import { RENDER_STATUSES } from "../../render/status";
import { timestamps } from "./_shared";

export const RenderJob = new Entity({
  model: { entity: "renderJob", version: "1", service: "storyboard" },
  attributes: {
    renderJobId: { type: "string", required: true },
    userId: { type: "string", required: true },
    screenplayId: { type: "string", required: true },
    /** The screenplay draft the render was made from (revision/drafts.ts); absent means draft 1. */
    screenplayVersion: { type: "number" },
    title: { type: "string", required: true },
    style: { type: "string", required: true },
    status: { type: RENDER_STATUSES, default: "queued", required: true },
    type: { type: ["render", "re-render"] as const, default: "render" },
    characterVoices: { type: "any" },
    /** Dictionaries and page count at render time; blocks live in renderBlock items. */
    screenplaySnapshot: { type: "any" },
    snapshotPath: { type: "string" },
    pointsCharged: { type: "number", default: 0 },
    refunded: { type: "boolean", default: false },
    burnCaptions: { type: "boolean", default: false },
    /** The storyboard PDF's layout (board/schema.ts PDF_LAYOUTS); absent on renders made before it, which get the default. */
    pdfLayout: { type: "string" },
    /** The project zip's timelines' frame rate (timeline/schema.ts FRAME_RATES); absent means the video's own. */
    timelineFps: { type: "string" },
    /** The sound mix (mix/schema.ts): "none", "generated" or "upload"; absent on renders made before it: none. */
    music: { type: "string" },
    /** The writer's uploaded track (mix/upload.ts) when music is "upload". */
    musicUploadId: { type: "string" },
    /** dB per kind (dialogue, narration, music); absent: the defaults. */
    mixLevels: { type: "any" },
    /** The first clip of each video segment after the first: the video's holds end segments on whole frames (media/timeline.ts). */
    segmentStarts: { type: "list", items: { type: "number" } },
    /** The frames' and the video's aspect (catalog/aspects.ts ASPECT_IDS); absent on renders made before it: 16:9. */
    aspect: { type: "string" },
    estimatedCompletionTime: { type: "string" },
    completedAt: { type: "string" },
    outputFilePath: { type: "string" },
    posterImagePath: { type: "string" },
    combinedAudioPath: { type: "string" },
    projectZipPath: { type: "string" },
    /** The board's exports (docs/decisions.md#storyboard-pdf): also inside the project zip. */
    storyboardPdfPath: { type: "string" },
    shotListPath: { type: "string" },
    shareableLink: { type: "string" },
    previewDescriptionsBeforeFirstImages: { type: "boolean", default: true },
    previewImagesBeforeFirstRender: { type: "boolean", default: true },
    failureReason: { type: "string" },
    /** Times the sweeper restarted a phase cut off mid-way, and when it last did (docs/decisions.md#crash-safety). */
    resumeCount: { type: "number" },
    resumedAt: { type: "string" },
    /** Media counters kept as generate tasks finish, so progress polls read one item (docs/decisions.md#scale). */
    mediaNeeded: { type: "number" },
    imagesMade: { type: "number" },
    audioMade: { type: "number" },
    /** What the running phase measured, for time left (core/render/progress.ts RenderPace). */
    generateStartedAt: { type: "string" },
    assetsAtStart: { type: "number" },
    compileStartedAt: { type: "string" },
    videoMs: { type: "number" },
    /** Added to by each compile segment as it finishes (an atomic ADD). */
    videoEncodedMs: { type: "number" },
    /** What this render took from the writer's earlier renders and what it made (docs/decisions.md#incremental-compile). */
    imagesReused: { type: "number" },
    audioReused: { type: "number" },
    segmentsReused: { type: "number" },
    segmentsEncoded: { type: "number" },
    /** The sound mix's pieces (docs/decisions.md#an-incremental-mix). */
    mixPiecesReused: { type: "number" },
    mixPiecesMixed: { type: "number" },
    /** The master's chunks (docs/decisions.md#a-master-in-chunks). */
    masterChunksReused: { type: "number" },
    masterChunksEncoded: { type: "number" },
    /** Counts block writes that do not otherwise touch the job, so the block-list snapshot knows it is stale (docs/decisions.md#scale). */
    blocksVersion: { type: "number" },
    /** "hosted" while a complete render's files are kept; removed when hosting expires (sparse index). */
    hostingState: { type: "string" },
    hostingExpiredAt: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["renderJobId"] },
      sk: { field: "sk", composite: [] },
    },
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["userId"] },
      sk: { field: "gsi1sk", composite: ["createdAt"] },
    },
    byScreenplay: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["screenplayId"] },
      sk: { field: "gsi2sk", composite: ["createdAt"] },
    },
    /** Hosted renders by completion date, for the hosting-expiry job. */
    byHosting: {
      index: "gsi3",
      pk: { field: "gsi3pk", composite: ["hostingState"] },
      sk: { field: "gsi3sk", composite: ["completedAt"] },
    },
  },
});
