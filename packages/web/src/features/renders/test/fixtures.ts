import type { RenderBlock, RenderJob } from "../api/renders";

/** A media block of a render snapshot; `n` numbers its id, text and images. */
export const block = (n: number, extra: Partial<RenderBlock> = {}): RenderBlock => ({
  id: `b${String(n).padStart(4, "0")}`,
  type: "action",
  text: `Shot number ${n} happens here.`,
  character: null,
  sceneId: "b0001",
  duration: 2000,
  audioUrl: `renders/r1/audio/${n}.wav`,
  imageUrl: [`renders/r1/images/${n}-a.png`, `renders/r1/images/${n}-b.png`],
  imagePrompt: `Prompt for shot ${n}`,
  hasMedia: true,
  ...extra,
});

export const renderJob = (extra: Partial<RenderJob> = {}): RenderJob => ({
  id: "r1",
  title: "Farmland Render",
  style: "noir",
  status: "queued",
  completedAt: null,
  estimatedCompletionTime: "2025-05-03T10:05:00.000Z",
  createdAt: "2025-05-03T10:00:00.000Z",
  userId: "u1",
  screenplayId: "sp-1",
  characterVoices: { NARRATOR: { voiceId: "george", voiceName: "George" }, MARY: { voiceId: "alice", voiceName: "Alice" } },
  screenplaySnapshot: {
    characterDictionary: { MARY: { description: "A farmer in her forties.", isSpeaker: true } },
    sceneDictionary: { b0001: { heading: "EXT. FARM - DAY", description: "A dusty yard." } },
    pageCount: 3,
    blocks: [block(1), block(2)],
  },
  outputFilePath: null,
  posterImagePath: null,
  combinedAudioPath: null,
  projectZipPath: null,
  previewDescriptionsBeforeFirstImages: true,
  previewImagesBeforeFirstRender: true,
  burnCaptions: false,
  pointsCharged: 300,
  failureReason: null,
  ...extra,
});

export const env = { AWS_S3_URL_PREFIX: "http://media.test/bucket", GOOGLE_AUTH: null };

export const completeAssets = {
  outputFilePath: "renders/r1/video.mp4",
  posterImagePath: "renders/r1/poster.jpg",
  combinedAudioPath: "renders/r1/audio.mp3",
  projectZipPath: "renders/r1/project.zip",
};
