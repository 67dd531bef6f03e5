/**
 * The video is rendered as a few independent segments (run in parallel, then
 * joined with a stream copy). A segment is a run of consecutive clips; each
 * clip is cut into pieces that a concat filter joins:
 *   - its fade-in: the previous picture (still moving) with this one fading
 *     in on top (`fade=t=in:alpha=1` + `overlay`; this ffmpeg has no xfade),
 *   - its solo part: this picture alone until the next one starts fading in.
 * The fade into a segment's first clip is encoded by the segment before it
 * (segmentOf), so a segment's frames read its own clips and the first clip of
 * the next, never the clip before it (docs/decisions.md#segments-own-their-frames).
 * Every piece is a moving crop of one still (a slow Ken Burns pan) whose
 * position depends only on the absolute frame within the clip, so a piece
 * rendered in another segment continues the same motion seamlessly.
 */
import { getAspect } from "../catalog/aspects";
import { partBounds } from "./captions";
import { FINAL_HOLD_MS, FPS, type Timeline } from "./timeline";

/** The video's size: the render's aspect (catalog/aspects.ts), 1280x720 unless it chose another. */
export interface FrameSize {
  width: number;
  height: number;
}
export const DEFAULT_FRAME: FrameSize = getAspect(undefined);

export interface Segment {
  /** Clips [firstClip, endClip) whose pictures start in this segment. */
  firstClip: number;
  endClip: number;
  startFrame: number;
  endFrame: number;
}

/**
 * The frames of the segment of clips [firstClip, endClip): from the end of its first clip's fade-in to the end
 * of the fade into the next segment's first clip. The fade across a seam is the segment before it's, so a
 * segment depends on its own clips' timing (each segment starts on a whole frame of the holds: timeline.ts
 * segmentStarts) and on the next segment's first clip, which is placed by its own hold alone; the clip before
 * a segment, whose frames shift by one when an earlier hold changes, is never read.
 */
export function segmentOf(timeline: Timeline, firstClip: number, endClip: number): Segment {
  const { clips, totalFrames } = timeline;
  const fadedIn = (i: number) => clips[i].firstFrame + clips[i].fadeFrames;
  return { firstClip, endClip, startFrame: firstClip > 0 ? fadedIn(firstClip) : 0, endFrame: endClip < clips.length ? fadedIn(endClip) : totalFrames };
}

/** Splits the clips into at most `count` runs of about equal frame counts. */
export function planSegments(timeline: Timeline, count: number): Segment[] {
  const { clips, totalFrames } = timeline;
  const n = Math.max(1, Math.min(count, clips.length));
  const segments: Segment[] = [];
  let first = 0;
  for (let s = 0; s < n; s++) {
    const target = (totalFrames * (s + 1)) / n;
    let end = first + 1;
    if (s === n - 1) end = clips.length;
    else while (end < clips.length - (n - 1 - s) && clips[end].firstFrame < target) end++;
    segments.push(segmentOf(timeline, first, end));
    first = end;
  }
  return segments;
}

/**
 * How long one segment may get: each is one task (a Lambda on AWS), so it
 * stays far inside Lambda's 15 minutes and memory at any screenplay length
 * (docs/decisions.md#scale). At least two segments, so even a short render
 * encodes in parallel.
 */
export const SEGMENT_LIMITS = { maxFrames: 300 * FPS, maxClips: 40, minSegments: 2 };

/** Segments within `limits`: the fewest equal runs that keep every one inside them. */
export function planVideoSegments(timeline: Timeline, limits = SEGMENT_LIMITS): Segment[] {
  const { clips, totalFrames } = timeline;
  let count = Math.max(limits.minSegments, Math.ceil(totalFrames / limits.maxFrames), Math.ceil(clips.length / limits.maxClips));
  for (;;) {
    const segments = planSegments(timeline, count);
    const fits = segments.every(
      (s) => s.endClip - s.firstClip <= limits.maxClips && (s.endFrame - s.startFrame <= limits.maxFrames || s.endClip - s.firstClip === 1),
    );
    if (fits || count >= clips.length) return segments;
    count = Math.min(clips.length, Math.ceil(count * 1.1));
  }
}

/** Frames during which clip i's picture is visible (its own part plus the next fade). */
export function visibleFrames(timeline: Timeline, i: number): number {
  const next = timeline.clips[i + 1];
  return (next ? next.firstFrame + next.fadeFrames : timeline.totalFrames) - timeline.clips[i].firstFrame;
}

/**
 * The still is enlarged once to `stillOf` (6 % larger), then every frame is a
 * crop of it: a slow horizontal pan, bottom-aligned so the frame's caption
 * strip stays in view (its text keeps 76 px side margins). A zoom would
 * resample every frame (zoompan), and the encoder then finds no motion to
 * reuse: the pan cost a third less CPU for the whole compile. Crops of 4:2:0
 * move in 2 px steps, so the pan takes one step every `k` frames, evenly.
 */
/** 6 % larger, in even pixels (1358x764 for 1280x720), so the pan range is even. */
const stillOf = (size: FrameSize): FrameSize => ({ width: 2 * Math.ceil((size.width * 1.06) / 2), height: 2 * Math.ceil((size.height * 1.06) / 2) });

function kenBurns(timeline: Timeline, i: number, offset: number, frames: number, size: FrameSize): string {
  const still = stillOf(size);
  const panRange = still.width - size.width;
  const k = Math.max(2, Math.ceil((2 * visibleFrames(timeline, i)) / panRange));
  const step = `2*trunc((n+${offset})/${k})`;
  const x = timeline.clips[i].panFromLeft ? step : `${panRange}-${step}`;
  // One input frame, repeated: the loop makes the frames, settb/setpts number them.
  return `loop=loop=${frames - 1}:size=1,settb=1/${FPS},setpts=N,crop=${size.width}:${size.height}:x='${x}':y=${still.height - size.height}`;
}

/** One part of a clip's caption as a PNG, shown for its share of the clip's frames (captions.ts). */
export interface CaptionImage {
  path: string;
  share: number;
}

export interface SegmentInput {
  timeline: Timeline;
  segment: Segment;
  images: string[];
  /** Per clip, the parts of its caption to burn in, one after another (or undefined). */
  captionImages?: (CaptionImage[] | undefined)[];
  /** Where the caption box sits (top edge, px). */
  captionY?: number;
  /** The video's size (default 1280x720). */
  size?: FrameSize;
  outPath: string;
  /** Where the caller writes `graph` (ffmpeg reads it with -filter_complex_script: no argument-size limit). */
  scriptPath: string;
}

interface Piece {
  label: string;
  clip: number;
}

/** The container a segment is kept in (media/compile.ts renderSegment): part of its content key, so a segment kept in another is not taken. */
export const SEGMENT_FORMAT = "mp4";

/** The filter graph and ffmpeg arguments that encode one segment as an H.264 MPEG-TS file (renderSegment then keeps it as SEGMENT_FORMAT). */
export function segmentCommand(input: SegmentInput): { graph: string; args: string[] } {
  const { timeline, segment, images, captionImages = [], size = DEFAULT_FRAME, captionY = size.height - 200 } = input;
  const { clips } = timeline;
  const { firstClip: first, endClip: end } = segment;
  // The fade into the next segment's first clip is this segment's; the fade into its own first clip the one before's (segmentOf).
  const fadesOut = end < clips.length && clips[end].fadeFrames > 0;
  const used = [...Array.from({ length: end - first }, (_, k) => first + k), ...(fadesOut ? [end] : [])];

  const args: string[] = [];
  const inputOf = new Map<number, number>();
  used.forEach((clip, k) => {
    inputOf.set(clip, k);
    args.push("-i", images[clip]);
  });
  // Per clip, the input index of each caption part and the clip frames it covers.
  const captionInput = new Map<number, { input: number; start: number; end: number }[]>();
  let nextInput = used.length;
  for (const c of used) {
    const parts = captionImages[c];
    if (!parts?.length) continue;
    // As the subtitle cues do (timeline.ts cuesOf), the parts share the shot without the closing hold after the
    // last line; the last part stays on through it.
    const frames = clips[c].endFrame - clips[c].firstFrame;
    const closing = c === clips.length - 1 ? Math.round((FINAL_HOLD_MS * FPS) / 1000) : 0;
    const bounds = partBounds(
      parts.map((p) => ({ text: "", share: p.share })),
      Math.max(1, frames - closing),
    );
    bounds[bounds.length - 1].end = frames;
    captionInput.set(
      c,
      parts.map((part, k) => {
        args.push("-i", part.path);
        return { input: nextInput++, ...bounds[k] };
      }),
    );
  }

  // Count how often each still and caption is used, to split them.
  const uses = new Map<string, number>();
  const take = (key: string) => {
    const n = uses.get(key) ?? 0;
    uses.set(key, n + 1);
    return `${key}_${n}`;
  };
  const graph: string[] = [];
  const pieces: (Piece & { firstClipFrame: number; frames: number })[] = [];
  const fadeIn = (c: number) => {
    const clip = clips[c];
    const prevOffset = clip.firstFrame - clips[c - 1].firstFrame;
    const bg = `[${take(`s${c - 1}`)}]${kenBurns(timeline, c - 1, prevOffset, clip.fadeFrames, size)},format=yuv420p[bg${c}]`;
    const fg = `[${take(`s${c}`)}]${kenBurns(timeline, c, 0, clip.fadeFrames, size)},format=yuva420p,fade=t=in:s=0:n=${clip.fadeFrames}:alpha=1[fg${c}]`;
    graph.push(bg, fg, `[bg${c}][fg${c}]overlay=format=yuv420:shortest=1[x${c}]`);
    pieces.push({ label: `x${c}`, clip: c, firstClipFrame: 0, frames: clip.fadeFrames });
  };
  for (let c = first; c < end; c++) {
    const clip = clips[c];
    const soloStart = clip.fadeFrames;
    const soloFrames = clip.endFrame - clip.firstFrame - clip.fadeFrames;
    if (clip.fadeFrames > 0 && c > first) fadeIn(c);
    if (soloFrames > 0) {
      graph.push(`[${take(`s${c}`)}]${kenBurns(timeline, c, soloStart, soloFrames, size)},format=yuv420p[p${c}]`);
      pieces.push({ label: `p${c}`, clip: c, firstClipFrame: soloStart, frames: soloFrames });
    }
  }
  if (fadesOut) fadeIn(end);
  const joined = pieces.map((p) => {
    // The caption parts that show in this piece, each only on its own frames (n counts the piece's frames from 0).
    const shown = (captionInput.get(p.clip) ?? []).filter(
      (part) => part.start < p.firstClipFrame + p.frames && part.end > p.firstClipFrame,
    );
    let label = p.label;
    shown.forEach((part, k) => {
      const from = Math.max(0, part.start - p.firstClipFrame);
      const to = Math.min(p.frames, part.end - p.firstClipFrame) - 1;
      const whole = from === 0 && to === p.frames - 1;
      const next = `${p.label}c${k}`;
      graph.push(
        `[${label}][${take(`c${p.clip}p${part.input}`)}]overlay=x=0:y=${captionY}:format=yuv420${whole ? "" : `:enable='between(n,${from},${to})'`}[${next}]`,
      );
      label = next;
    });
    return `[${label}]`;
  });

  // Sources first: scale each still once and convert it to the output's pixel
  // format (so no frame needs converting), then split it for every piece that uses it.
  const sources: string[] = [];
  for (const clip of used) {
    const n = uses.get(`s${clip}`) ?? 0;
    const outs = Array.from({ length: n }, (_, k) => `[s${clip}_${k}]`).join("");
    const still = stillOf(size);
    const fit = `scale=${still.width}:${still.height}:force_original_aspect_ratio=increase,crop=${still.width}:${still.height}`;
    sources.push(`[${inputOf.get(clip)}:v]${fit},format=yuv420p,setsar=1,split=${n}${outs}`);
  }
  for (const [clip, parts] of captionInput) {
    for (const { input } of parts) {
      const key = `c${clip}p${input}`;
      const n = uses.get(key) ?? 0;
      if (n) sources.push(`[${input}:v]format=rgba,split=${n}${Array.from({ length: n }, (_, k) => `[${key}_${k}]`).join("")}`);
      else sources.push(`[${input}:v]nullsink`);
    }
  }
  graph.push(`${joined.join("")}concat=n=${joined.length}:v=1:a=0,format=yuv420p[v]`);

  return {
    graph: [...sources, ...graph].join(";\n"),
    args: [...args, "-filter_complex_script", input.scriptPath, "-map", "[v]", ...VIDEO_ENCODING, "-f", "mpegts", input.outPath],
  };
}

/**
 * Identical in every segment, so the segments join with a stream copy.
 * superfast with zerolatency (no B-frames, sliced threads) cost about a
 * quarter less CPU than plain superfast on our pans. subme=0 (whole-pixel
 * motion search) matches motion that moves in whole pixels. A constant QP
 * with no scene-cut detection and no weighted prediction spares x264 its
 * half-size copy of every frame and the look at it (CRF, scenecut and
 * weightp each need one): about 30 % less encoder CPU. QP 21 matches CRF 26's
 * mean PSNR on our stills, and holds fades better (CRF let them drop ~5 dB)
 * in fewer bytes (docs/decisions.md#media).
 */
export const VIDEO_ENCODING = [
  "-c:v",
  "libx264",
  "-preset",
  "superfast",
  "-tune",
  "zerolatency",
  "-qp",
  "21",
  "-x264-params",
  "subme=0:scenecut=0:weightp=0",
  "-pix_fmt",
  "yuv420p",
  "-r",
  String(FPS),
  "-g",
  String(FPS * 4),
];
