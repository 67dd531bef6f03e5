/**
 * `storyboard.fcpxml` (FCPXML 1.10), for Final Cut Pro and DaVinci Resolve: each
 * still on the primary storyline for its time on screen, its line as a
 * connected audio clip (dialogue on lane -1, narration on lane -2, each with
 * its role), its caption as a Basic Title above it (lane 1) and a marker at the
 * start of each scene named by its heading, and the music stem, when there is
 * music, connected to the first still on lane -3 for the whole timeline
 * (docs/product.md#editing-timelines).
 */
import { rationalSeconds } from "./frame-rate";
import { plainLine, type StoryboardTimeline } from "./model";
import { xmlDocument } from "./xml";

export const FCPXML_VERSION = "1.10";
const LANES = { dialogue: "-1", narration: "-2", music: "-3" } as const;
/** Final Cut's built-in Basic Title (Resolve maps it to its own text title). */
const BASIC_TITLE_UID = ".../Titles.localized/Bumper:Opener.localized/Basic Title.localized/Basic Title.moti";

export function toFcpxml(timeline: StoryboardTimeline): string {
  const { rate, shots } = timeline;
  const t = (frames: number) => rationalSeconds(frames, rate);
  const markers = new Map(timeline.scenes.map((s) => [s.startFrame, s]));
  const assets = shots.flatMap((s) => [
    {
      "@_id": `img${s.index + 1}`,
      "@_name": s.name,
      "@_start": "0s",
      "@_duration": "0s",
      "@_hasVideo": "1",
      "@_videoSources": "1",
      "@_format": "still",
      "media-rep": { "@_kind": "original-media", "@_src": encodeURI(s.imagePath) },
    },
    {
      "@_id": `aud${s.index + 1}`,
      "@_name": `${s.name} (${s.lane})`,
      "@_start": "0s",
      "@_duration": t(s.speechFrames),
      "@_hasAudio": "1",
      "@_audioSources": "1",
      "@_audioChannels": "1",
      "media-rep": { "@_kind": "original-media", "@_src": encodeURI(s.audioPath) },
    },
  ]);
  const music = timeline.musicPath && {
    "@_ref": "music",
    "@_name": "Music",
    "@_lane": LANES.music,
    "@_offset": "0s",
    "@_start": "0s",
    "@_duration": t(timeline.totalFrames),
    "@_audioRole": "music",
  };
  if (timeline.musicPath)
    assets.push({
      "@_id": "music",
      "@_name": "Music",
      "@_start": "0s",
      "@_duration": t(timeline.totalFrames),
      "@_hasAudio": "1",
      "@_audioSources": "1",
      "@_audioChannels": "2",
      "media-rep": { "@_kind": "original-media", "@_src": encodeURI(timeline.musicPath) },
    } as (typeof assets)[number]);
  const spine = shots.map((s) => {
    const scene = markers.get(s.startFrame);
    const caption = plainLine(s.caption);
    return {
      "@_ref": `img${s.index + 1}`,
      "@_name": s.name,
      "@_offset": t(s.startFrame),
      "@_start": "0s",
      "@_duration": t(s.frames),
      "asset-clip": [
        {
          "@_ref": `aud${s.index + 1}`,
          "@_name": `${s.name} (${s.lane})`,
          "@_lane": LANES[s.lane],
          "@_offset": "0s",
          "@_start": "0s",
          "@_duration": t(s.speechFrames),
          "@_audioRole": s.lane,
        },
        ...(music && s.index === 0 ? [music] : []),
      ],
      ...(caption && {
        title: {
          "@_ref": "basic-title",
          "@_name": `${s.name} caption`,
          "@_lane": "1",
          "@_offset": "0s",
          "@_start": "0s",
          "@_duration": t(s.frames),
          text: { "text-style": { "@_ref": `ts${s.index + 1}`, "#text": caption } },
          "text-style-def": {
            "@_id": `ts${s.index + 1}`,
            "text-style": { "@_font": "Helvetica", "@_fontSize": "48", "@_fontColor": "1 1 1 1", "@_alignment": "center" },
          },
        },
      }),
      ...(scene && { marker: { "@_start": "0s", "@_duration": t(1), "@_value": plainLine(scene.heading) } }),
    };
  });
  return xmlDocument(
    "fcpxml",
    {
      fcpxml: {
        "@_version": FCPXML_VERSION,
        resources: {
          format: [
            { "@_id": "seq", "@_frameDuration": t(1), "@_width": String(timeline.width), "@_height": String(timeline.height) },
            {
              "@_id": "still",
              "@_name": "FFVideoFormatRateUndefined",
              "@_width": String(timeline.width),
              "@_height": String(timeline.height),
            },
          ],
          asset: assets,
          effect: { "@_id": "basic-title", "@_name": "Basic Title", "@_uid": BASIC_TITLE_UID },
        },
        library: {
          event: {
            "@_name": plainLine(timeline.title),
            project: {
              "@_name": plainLine(timeline.title),
              sequence: {
                "@_format": "seq",
                "@_duration": t(timeline.totalFrames),
                "@_tcStart": "0s",
                "@_tcFormat": "NDF",
                "@_audioLayout": "stereo",
                "@_audioRate": "48k",
                spine: { video: spine },
              },
            },
          },
        },
      },
    },
    "compact",
  );
}
