/**
 * `storyboard.otio`: OpenTimelineIO's JSON. A stack of a video track (one clip
 * per shot, the scene markers) and one audio track per kind (dialogue,
 * narration), gaps holding each line at its shot's start. Each clip's
 * `metadata.storyboard` carries the shot as the shot list describes it.
 */
import { fpsOf } from "./frame-rate";
import { plainLine, type StoryboardTimeline, type TimelineShot } from "./model";

export function toOtio(timeline: StoryboardTimeline): string {
  const rate = fpsOf(timeline.rate);
  const time = (value: number) => ({ OTIO_SCHEMA: "RationalTime.1", rate, value });
  const range = (start: number, duration: number) => ({ OTIO_SCHEMA: "TimeRange.1", start_time: time(start), duration: time(duration) });
  const item = { metadata: {}, effects: [], markers: [], enabled: true };
  const clip = (s: TimelineShot, kind: "video" | "audio") => ({
    OTIO_SCHEMA: "Clip.2",
    ...item,
    name: s.name,
    source_range: range(0, kind === "video" ? s.frames : s.speechFrames),
    media_references: {
      DEFAULT_MEDIA: {
        OTIO_SCHEMA: "ExternalReference.1",
        name: "",
        metadata: {},
        available_range: null,
        target_url: encodeURI(kind === "video" ? s.imagePath : s.audioPath),
      },
    },
    active_media_reference_key: "DEFAULT_MEDIA",
    metadata: {
      storyboard: {
        scene: s.sceneNumber,
        heading: s.heading,
        shot: s.shot.number,
        size: s.shot.size,
        angle: s.shot.angle,
        movement: s.shot.movement,
        characters: s.characters,
        caption: s.caption,
        blockId: s.blockId,
      },
    },
  });
  const gap = (frames: number) => ({ OTIO_SCHEMA: "Gap.1", ...item, name: "", source_range: range(0, frames) });
  const track = (name: string, kind: "Video" | "Audio", children: unknown[], markers: unknown[] = []) => ({
    OTIO_SCHEMA: "Track.1",
    ...item,
    markers,
    name,
    kind,
    source_range: null,
    children,
  });
  /** The lane's lines at their shots' starts, gaps between. */
  const audioChildren = (lane: TimelineShot["lane"]) => {
    let at = 0;
    return timeline.shots
      .filter((s) => s.lane === lane)
      .flatMap((s) => {
        const before = s.startFrame - at;
        at = s.startFrame + s.speechFrames;
        return before > 0 ? [gap(before), clip(s, "audio")] : [clip(s, "audio")];
      });
  };
  /** The music stem under the whole timeline, when there is music. */
  const musicClip = (path: string) => ({
    OTIO_SCHEMA: "Clip.2",
    ...item,
    name: "Music",
    source_range: range(0, timeline.totalFrames),
    media_references: {
      DEFAULT_MEDIA: { OTIO_SCHEMA: "ExternalReference.1", name: "", metadata: {}, available_range: null, target_url: encodeURI(path) },
    },
    active_media_reference_key: "DEFAULT_MEDIA",
  });
  const markers = timeline.scenes.map((s) => ({
    OTIO_SCHEMA: "Marker.2",
    metadata: { storyboard: { scene: s.sceneNumber } },
    name: plainLine(s.heading),
    color: "RED",
    comment: "",
    marked_range: range(s.startFrame, 0),
  }));
  const document = {
    OTIO_SCHEMA: "Timeline.1",
    metadata: {},
    name: plainLine(timeline.title),
    global_start_time: time(0),
    tracks: {
      OTIO_SCHEMA: "Stack.1",
      ...item,
      name: "tracks",
      source_range: null,
      children: [
        track(
          "Shots",
          "Video",
          timeline.shots.map((s) => clip(s, "video")),
          markers,
        ),
        track("Dialogue", "Audio", audioChildren("dialogue")),
        track("Narration", "Audio", audioChildren("narration")),
        ...(timeline.musicPath ? [track("Music", "Audio", [musicClip(timeline.musicPath)])] : []),
      ],
    },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
