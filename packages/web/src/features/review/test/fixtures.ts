import type { Review, ReviewComment, ReviewFrame, ReviewLink } from "../api/types";

export const frame = (i: number, over: Partial<ReviewFrame> = {}): ReviewFrame => ({
  blockId: `b${i}`,
  index: i,
  sceneNumber: 1,
  label: `Scene 1 Shot 1${String.fromCharCode(64 + i)}`,
  startMs: (i - 1) * 4000,
  durationMs: 4000,
  imageUrl: `https://media.test/renders/u1/r1/images/b${i}-1.jpg?X-Amz-Signature=v`,
  text: `Block ${i} text`,
  ...over,
});

export const comment = (id: string, over: Partial<ReviewComment> = {}): ReviewComment => ({
  commentId: id,
  parentId: null,
  blockId: "b1",
  atMs: null,
  name: "Dana",
  text: `Comment ${id}`,
  author: "reviewer",
  createdAt: "2026-11-20T10:00:00.000Z",
  resolved: false,
  outdated: false,
  linkId: "l1",
  ...over,
});

export const review = (over: Partial<Review> = {}): Review => ({
  linkName: "For Dana",
  title: "Night Shift",
  allowDownload: false,
  expiresAt: null,
  aspect: "16:9",
  durationMs: 12000,
  videoUrl: "https://media.test/renders/u1/r1/video.mp4?X-Amz-Signature=v",
  posterUrl: "https://media.test/renders/u1/r1/poster.jpg?X-Amz-Signature=v",
  downloadUrl: null,
  frames: [frame(1), frame(2), frame(3)],
  comments: [],
  decision: null,
  ...over,
});

export const link = (id: string, over: Partial<ReviewLink> = {}): ReviewLink => ({
  linkId: id,
  name: "For Dana",
  url: `/review#token-${id}`,
  allowDownload: false,
  expiresAt: null,
  createdAt: "2026-11-20T09:00:00.000Z",
  revokedAt: null,
  status: "active",
  commentCount: 0,
  openCommentCount: 0,
  decision: null,
  ...over,
});
