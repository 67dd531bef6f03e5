/**
 * The storyboard as an editor's timeline: one shot per compiled clip, held for
 * its time on screen, in whole frames at the chosen rate. The holds and their
 * frame boundaries come from the video's own timing (media/timeline.ts), so a
 * timeline and the MP4 agree to within a frame; scene and shot numbers come
 * from the board's panels (board/panels.ts), as the shot list shows them.
 * Every format (fcpxml.ts, xmeml.ts, otio.ts, edl.ts) is written from this model.
 */
import { boardPanels, type BoardBlock } from "../board/panels";
import { type Shot, shotLabel } from "../board/shot-vocabulary";
import { DEFAULT_FRAME, type FrameSize } from "../media/segments";
import { buildTimeline, FPS } from "../media/timeline";
import { fpsOf, type FrameRate, frameAt } from "./frame-rate";

/** A compiled clip: its block, its narration's length and its files' names in the project zip. */
export interface TimelineClipInput {
  blockId: string;
  /** The narration's own length, in ms. */
  durationMs: number;
  /** Zip entry names: images/…, audio/…. */
  image: string;
  audio: string;
  caption: string;
}

export interface StoryboardTimelineInput {
  title: string;
  rate: FrameRate;
  blocks: BoardBlock[];
  characterNames: string[];
  clips: TimelineClipInput[];
  /** The video's segment starts (the render's segmentStarts): each segment's last hold ends on a whole video frame. */
  segmentStarts?: number[];
  /** The video's frame size (its aspect); 1280x720 when absent. */
  size?: FrameSize;
  /** The music stem's zip entry (stems/music.wav) when the render has music: a lane under the whole timeline. */
  music?: string;
}

export type AudioLane = "dialogue" | "narration";

export interface TimelineShot {
  index: number;
  blockId: string;
  /** "Scene 3 Shot 3B": what an editor reads on the clip. */
  name: string;
  sceneNumber: number;
  heading: string;
  shot: Shot;
  characters: string[];
  lane: AudioLane;
  /** Paths relative to the project folder's timeline/ (../images/…). */
  imagePath: string;
  audioPath: string;
  caption: string;
  startFrame: number;
  /** On screen, in frames. */
  frames: number;
  /** The line's own length, in frames (at most the hold). */
  speechFrames: number;
}

export interface SceneMarker {
  sceneNumber: number;
  heading: string;
  startFrame: number;
}

export interface StoryboardTimeline {
  title: string;
  rate: FrameRate;
  /** The video's frame size (media/segments.ts). */
  width: number;
  height: number;
  shots: TimelineShot[];
  scenes: SceneMarker[];
  totalFrames: number;
  /** The music stem (relative to timeline/), from the first frame to the last; absent without music. */
  musicPath?: string;
}

/** The timeline files sit in the project zip's timeline/ folder (media/archive.ts): media are one folder up. */
const fromTimelineFolder = (entry: string) => `../${entry}`;

export function storyboardTimeline(input: StoryboardTimelineInput): StoryboardTimeline {
  if (!input.clips.length) throw new Error("A timeline needs at least one clip.");
  const { rate } = input;
  // No crossfade: an editor's cut is a straight cut at the boundary the video fades around.
  const timing = buildTimeline(
    input.clips.map((c) => c.durationMs),
    { fps: fpsOf(rate), crossfadeFrames: 0, segmentStarts: input.segmentStarts, segmentFps: FPS },
  );
  const panels = new Map(
    boardPanels(
      input.blocks,
      input.characterNames,
      new Map(input.clips.map((c) => [c.blockId, { durationMs: c.durationMs, frame: c.image }])),
    ).map((p) => [p.blockId, p]),
  );
  const types = new Map(input.blocks.map((b) => [b.blockId, b.type]));
  let previous: { sceneNumber: number; heading: string } = { sceneNumber: 1, heading: "" };
  const shots = input.clips.map((clip, index): TimelineShot => {
    const timed = timing.clips[index];
    const panel = panels.get(clip.blockId);
    const scene = panel ? { sceneNumber: panel.sceneNumber, heading: panel.heading } : previous;
    previous = scene;
    const shot = panel?.shot ?? { size: "medium", angle: "eye_level", movement: "static", number: `${scene.sceneNumber}-${index + 1}` };
    const frames = timed.endFrame - timed.firstFrame;
    return {
      index,
      blockId: clip.blockId,
      name: shotLabel(scene.sceneNumber, shot.number),
      ...scene,
      shot,
      characters: panel?.characters ?? [],
      lane: types.get(clip.blockId) === "dialogue" ? "dialogue" : "narration",
      imagePath: fromTimelineFolder(clip.image),
      audioPath: fromTimelineFolder(clip.audio),
      caption: clip.caption,
      startFrame: timed.firstFrame,
      frames,
      speechFrames: Math.min(frames, Math.max(1, frameAt(clip.durationMs, rate))),
    };
  });
  const scenes: SceneMarker[] = [];
  for (const s of shots) {
    if (scenes.at(-1)?.sceneNumber !== s.sceneNumber)
      scenes.push({ sceneNumber: s.sceneNumber, heading: s.heading || `Scene ${s.sceneNumber}`, startFrame: s.startFrame });
  }
  return { ...(input.music && { musicPath: fromTimelineFolder(input.music) }), title: input.title, rate, width: (input.size ?? DEFAULT_FRAME).width, height: (input.size ?? DEFAULT_FRAME).height, shots, scenes, totalFrames: timing.totalFrames };
}

/** Text an XML or EDL line can carry: no control characters, one line. */
export const plainLine = (text: string) =>
  text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
