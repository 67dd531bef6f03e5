import { Download, Film } from "lucide-react";
import { useId, useState } from "react";
import { DEFAULT_FRAME_RATE, FRAME_RATES, type FrameRateLabel, TIMELINE_FILES, TIMELINE_FORMATS } from "@storyboard/core/timeline/schema";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { timelineUrl } from "../api/timelines";

/**
 * The render page's editing timelines (docs/product.md#editing-timelines): the
 * four files at the frame rate the editor picks. They name the project zip's
 * images and audio from its timeline/ folder, so they open from there.
 */
export function TimelineDownloads({ renderId }: { renderId: string }) {
  const [fps, setFps] = useState<FrameRateLabel>(DEFAULT_FRAME_RATE);
  const rateId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Editing timelines</CardTitle>
        <CardDescription>
          For Final Cut Pro, DaVinci Resolve, Premiere Pro and other editors. The project files already hold them in their timeline folder;
          a file downloaded here opens from that folder too, next to the images and audio.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-2">
          <label htmlFor={rateId} className="text-sm font-medium">
            Frame rate
          </label>
          <select
            id={rateId}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            value={fps}
            onChange={(e) => setFps(e.target.value as FrameRateLabel)}
          >
            {FRAME_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {rate} fps{rate === DEFAULT_FRAME_RATE ? " (the video's)" : ""}
              </option>
            ))}
          </select>
        </div>
        {/* One column of minmax(0, 1fr) on phones: an implicit column grew to the longest label and ran off a 375 px screen. */}
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Editing timelines">
          {TIMELINE_FORMATS.map((format) => (
            <li key={format}>
              <Button asChild variant="outline" className="h-auto min-h-9 w-full justify-start py-2 text-left whitespace-normal">
                <a href={timelineUrl(renderId, format, fps)} download={TIMELINE_FILES[format].file}>
                  <Film aria-hidden />
                  <span>{TIMELINE_FILES[format].label}</span>
                  <Download className="ml-auto hidden opacity-60 sm:block" aria-hidden />
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
