/**
 * `storyboard.xml`: Final Cut Pro 7 XML (xmeml version 4), the format Premiere
 * Pro imports. One sequence: the stills on video track 1, the captions' text is
 * kept in each clip's comments (xmeml titles are effect-specific generators
 * Premiere redraws its own way), dialogue on audio track 1 and narration on
 * audio track 2, a sequence marker per scene. Media are `file` elements whose
 * `pathurl` is relative to the timeline folder (docs/product.md#editing-timelines).
 */
import { plainLine, type StoryboardTimeline, type TimelineShot } from "./model";
import { xmlDocument } from "./xml";

export function toXmeml(timeline: StoryboardTimeline): string {
  const { rate } = timeline;
  const rateEl = { timebase: rate.timebase, ntsc: rate.ntsc ? "TRUE" : "FALSE" };
  const fileName = (path: string) => path.split("/").at(-1)!;
  const clipitem = (s: TimelineShot, kind: "video" | "audio") => {
    const frames = kind === "video" ? s.frames : s.speechFrames;
    const path = kind === "video" ? s.imagePath : s.audioPath;
    return {
      "@_id": `clipitem-${kind}-${s.index + 1}`,
      name: s.name,
      enabled: "TRUE",
      duration: frames,
      rate: rateEl,
      start: s.startFrame,
      end: s.startFrame + frames,
      in: 0,
      out: frames,
      file: {
        "@_id": `file-${kind}-${s.index + 1}`,
        name: fileName(path),
        pathurl: encodeURI(path),
        rate: rateEl,
        duration: frames,
        media:
          kind === "video"
            ? { video: { samplecharacteristics: { width: timeline.width, height: timeline.height } } }
            : { audio: { channelcount: 1 } },
      },
      ...(kind === "video" && { comments: { mastercomment1: plainLine(s.caption) || s.name } }),
      ...(kind === "audio" && { sourcetrack: { mediatype: "audio", trackindex: 1 } }),
    };
  };
  const audioTrack = (lane: TimelineShot["lane"]) => ({
    clipitem: timeline.shots.filter((s) => s.lane === lane).map((s) => clipitem(s, "audio")),
  });
  // The music stem, when there is music: one clip on a third track from the first frame to the last.
  const musicTrack = timeline.musicPath && {
    clipitem: {
      "@_id": "clipitem-music",
      name: "Music",
      enabled: "TRUE",
      duration: timeline.totalFrames,
      rate: rateEl,
      start: 0,
      end: timeline.totalFrames,
      in: 0,
      out: timeline.totalFrames,
      file: {
        "@_id": "file-music",
        name: fileName(timeline.musicPath),
        pathurl: encodeURI(timeline.musicPath),
        rate: rateEl,
        duration: timeline.totalFrames,
        media: { audio: { channelcount: 2 } },
      },
      sourcetrack: { mediatype: "audio", trackindex: 1 },
    },
  };
  return xmlDocument("xmeml", {
    xmeml: {
      "@_version": "4",
      sequence: {
        "@_id": "sequence-1",
        name: plainLine(timeline.title),
        duration: timeline.totalFrames,
        rate: rateEl,
        timecode: { rate: rateEl, string: "00:00:00:00", frame: 0, displayformat: "NDF" },
        media: {
          video: {
            format: { samplecharacteristics: { rate: rateEl, width: timeline.width, height: timeline.height } },
            track: { clipitem: timeline.shots.map((s) => clipitem(s, "video")) },
          },
          audio: { track: [audioTrack("dialogue"), audioTrack("narration"), ...(musicTrack ? [musicTrack] : [])] },
        },
        marker: timeline.scenes.map((s) => ({ name: plainLine(s.heading), comment: `Scene ${s.sceneNumber}`, in: s.startFrame, out: -1 })),
      },
    },
  });
}
