import { DEFAULT_PDF_LAYOUT, type PdfLayout } from "@storyboard/core/board/schema";
import { getAspect } from "@storyboard/core/catalog/aspects";
import { Archive, Download, FileAudio, FileText, Film, ImageIcon, Sheet } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import type { RenderJob } from "../api/renders";
import { useMediaUrl } from "../hooks/use-media-url";
import { PdfLayoutChoice } from "./pdf-layout-choice";

/** A file name for the download attribute: the render title, made safe, with the stored file's extension. */
export function downloadName(title: string, path: string, suffix: string): string {
  const extension = path.match(/\.[a-z0-9]+$/i)?.[0] ?? "";
  const base =
    title
      .replace(/[^\w\- ]+/g, "")
      .trim()
      .replace(/\s+/g, "-") || "render";
  return `${base}${suffix}${extension}`;
}

interface DownloadItem {
  label: string;
  path: string | null;
  icon: LucideIcon;
  suffix: string;
}

/** Poster, video player and downloads (docs/product.md#renders: from assets_ready on; the video once complete). */
export function RenderMedia({ render }: { render: RenderJob }) {
  const { ready, toUrl, toDownloadUrl } = useMediaUrl();
  if (!ready) return null;
  const poster = toUrl(render.posterImagePath);
  const video = render.status === "complete" ? toUrl(render.outputFilePath) : undefined;
  const candidates: DownloadItem[] = [
    { label: "Video", path: render.outputFilePath, icon: Film, suffix: "" },
    { label: "Audio", path: render.combinedAudioPath, icon: FileAudio, suffix: "-audio" },
    { label: "Poster", path: render.posterImagePath, icon: ImageIcon, suffix: "-poster" },
    { label: "Project files", path: render.projectZipPath, icon: Archive, suffix: "-project" },
    { label: "Storyboard PDF", path: render.storyboardPdfPath ?? null, icon: FileText, suffix: "-storyboard" },
    { label: "Shot list", path: render.shotListPath ?? null, icon: Sheet, suffix: "-shot-list" },
  ];
  const downloads = candidates.filter((d): d is DownloadItem & { path: string } => !!d.path);
  // The player and the poster keep the render's own shape (a 9:16 render plays upright, not in a 16:9 box).
  const { width, height } = getAspect(render.aspect);
  const shape = { aspectRatio: `${width} / ${height}`, maxHeight: "80vh" };

  if (!poster && !video && downloads.length === 0) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{video ? "Your video" : "Poster"}</CardTitle>
        {render.status === "assets_ready" && (
          <CardDescription>The video, its audio track and the project archive appear here once the video is created.</CardDescription>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {video ? (
          <video
            controls
            preload="metadata"
            poster={poster}
            src={video}
            className="mx-auto w-full rounded-lg bg-black object-contain"
            style={shape}
            aria-label={`Video of ${render.title}`}
          />
        ) : (
          poster && (
            <img
              src={poster}
              alt={`Poster of ${render.title}`}
              className="mx-auto w-full rounded-lg bg-muted object-contain"
              style={shape}
            />
          )
        )}
        {downloads.length > 0 && (
          <div>
            <h4 className="mb-2 text-sm font-medium">Downloads</h4>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Downloads">
              {downloads.map(({ label, path, icon: Icon, suffix }) => (
                <li key={label}>
                  {/* Labels wrap rather than truncate: 'Storyboard PDF' read 'Storyboar…' in a phone's half-width column. */}
                  <Button asChild variant="outline" className="h-auto min-h-9 w-full justify-start py-2 text-left whitespace-normal">
                    <a
                      href={toDownloadUrl(path, downloadName(render.title, path, suffix))}
                      download={downloadName(render.title, path, suffix)}
                    >
                      <Icon aria-hidden />
                      <span>{label}</span>
                      <Download className="ml-auto hidden opacity-60 sm:block" aria-hidden />
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {render.status === "complete" && render.storyboardPdfPath && (
          <PdfLayoutChoice renderId={render.id} layout={(render.pdfLayout ?? DEFAULT_PDF_LAYOUT) as PdfLayout} />
        )}
      </CardContent>
    </Card>
  );
}
