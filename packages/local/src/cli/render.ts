import { parseArgs } from "node:util";
import { DEFAULT_PDF_LAYOUT, PDF_LAYOUTS, type PdfLayout } from "@storyboard/core/board/schema";
import { ASPECT_IDS, aspectRefusal, DEFAULT_ASPECT, isAspectId } from "@storyboard/core/catalog/aspects";
import { STYLE_IDS, type StyleId } from "@storyboard/core/catalog/styles";
import { DEFAULT_FRAME_RATE, FRAME_RATES, type FrameRateLabel } from "@storyboard/core/timeline/schema";
import { renderScreenplayFile } from "../render-file";
import { Timings } from "./timings";

const USAGE = `Usage: storyboard render FILE --style ID --out DIR [--reuse PREVIOUS_OUT_DIR] [--voice NAME=VOICE_ID ...] [--captions] [--title TITLE] [--aspect RATIO] [--pdf-layout LAYOUT] [--fps RATE] [--music none|generated] [--timings]
  --reuse: a folder an earlier render wrote (of this screenplay's previous draft); every image, line of speech and
    video segment whose inputs are unchanged is taken from it, only what changed is made
  --voice: a character's voice (e.g. --voice THEO=walter; repeat for more); the others are chosen automatically
  styles: ${STYLE_IDS.join(", ")}
  aspects: ${ASPECT_IDS.join(", ")} (default ${DEFAULT_ASPECT}; Cinematic Realism draws the widescreen ones only)
  PDF layouts (panels a page and orientation): ${PDF_LAYOUTS.join(", ")} (default ${DEFAULT_PDF_LAYOUT})
  timeline frame rates (the project zip's timeline/ files): ${FRAME_RATES.join(", ")} (default ${DEFAULT_FRAME_RATE}, the video's own)
  music: none (default) or generated (pads composed per scene mood, ducked under the voices)`;

/** `storyboard render`: the render pipeline without the web. */
export const command = {
  summary: "render a screenplay to video.mp4, poster.jpg, audio.mp3, project.zip, storyboard.pdf and shot-list.csv",
  async run(args: string[]): Promise<number> {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: {
          style: { type: "string", default: "cinematic" },
          out: { type: "string" },
          captions: { type: "boolean", default: false },
          title: { type: "string" },
          timings: { type: "boolean", default: false },
          "pdf-layout": { type: "string", default: DEFAULT_PDF_LAYOUT },
          fps: { type: "string", default: DEFAULT_FRAME_RATE },
          reuse: { type: "string" },
          aspect: { type: "string", default: DEFAULT_ASPECT },
          voice: { type: "string", multiple: true, default: [] },
          music: { type: "string", default: "none" },
        },
      });
    } catch (e) {
      console.error(`${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    const [file] = parsed.positionals;
    const { style, out, captions, title, reuse } = parsed.values;
    const timings = parsed.values.timings ? new Timings() : undefined;
    if (!file || !out) {
      console.error(USAGE);
      return 2;
    }
    const pdfLayout = parsed.values["pdf-layout"] as PdfLayout;
    if (!(PDF_LAYOUTS as readonly string[]).includes(pdfLayout)) {
      console.error(`Unknown PDF layout "${pdfLayout}".\n${USAGE}`);
      return 2;
    }
    const timelineFps = parsed.values.fps as FrameRateLabel;
    if (!(FRAME_RATES as readonly string[]).includes(timelineFps)) {
      console.error(`Unknown frame rate "${timelineFps}": choose ${FRAME_RATES.join(", ")}.\n${USAGE}`);
      return 2;
    }
    if (!(STYLE_IDS as readonly string[]).includes(style!)) {
      console.error(`Unknown style "${style}".\n${USAGE}`);
      return 2;
    }
    const aspect = parsed.values.aspect!;
    if (!isAspectId(aspect)) {
      console.error(`Unknown aspect "${aspect}".\n${USAGE}`);
      return 2;
    }
    const voices: Record<string, string> = {};
    for (const choice of parsed.values.voice ?? []) {
      const [name, voiceId] = choice.split("=").map((part) => part.trim());
      if (!name || !voiceId) {
        console.error(`--voice takes NAME=VOICE_ID (e.g. THEO=walter), not "${choice}".\n${USAGE}`);
        return 2;
      }
      voices[name.toUpperCase()] = voiceId;
    }
    const music = parsed.values.music;
    if (music !== "none" && music !== "generated") {
      console.error(`Unknown music "${music}": choose none or generated.\n${USAGE}`);
      return 2;
    }
    const refusal = aspectRefusal(style as StyleId, aspect);
    if (refusal) {
      console.error(refusal);
      return 2;
    }
    try {
      const result = await renderScreenplayFile({
        file,
        style: style!,
        outDir: out,
        captions,
        title,
        pdfLayout,
        timelineFps,
        aspect,
        music,
        timings,
        reuse,
        voices,
        log: (l) => console.log(l),
      });
      console.log(
        `Done in ${(result.renderMs / 1000).toFixed(1)} s: a ${(result.videoDurationMs / 1000).toFixed(1)} s video of ${result.blocks} blocks.`,
      );
      for (const path of Object.values(result.outputs)) console.log(`  ${path}`);
      const { images, lines, segments } = result.reuse;
      console.log(
        `Reused ${images.reused} image(s), ${lines.reused} line(s) and ${segments.reused} video segment(s); ` +
          `made ${images.made} image(s), ${lines.made} line(s) and ${segments.made} segment(s).`,
      );
      const { mixPieces, masterChunks } = result.reuse;
      console.log(
        `Sound mix: reused ${mixPieces.reused} piece(s), mixed ${mixPieces.made}; master: reused ${masterChunks.reused} chunk(s), encoded ${masterChunks.made}.`,
      );
      if (timings) {
        console.log(timings.report());
        // Where one video segment joins the next: the benchmark compares the frames either side (bench/revision.bench.ts).
        console.log(`Segment seams (frame): ${result.seamFrames.join(" ")}`);
      }
      return 0;
    } catch (e) {
      console.error((e as Error).message.split("\n")[0]);
      return 1;
    }
  },
};
