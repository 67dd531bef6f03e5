import { ZoomIn, ZoomOut } from "lucide-react";
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";
import type { RenderBlock } from "../api/renders";
import { useMediaUrl } from "../hooks/use-media-url";
import {
  canZoomIn,
  canZoomOut,
  formatTimecode,
  layoutTimeline,
  timelineBlocks,
  ZOOM_INITIAL,
  zoomIn,
  zoomOut,
} from "../utils/timeline";

const TYPE_ACCENT: Record<string, string> = {
  scene_heading: "border-l-sky-500",
  dialogue: "border-l-amber-500",
  action: "border-l-emerald-500",
};

/**
 * The video's blocks side by side, each as wide as its narration (docs/product.md#constants zoom).
 * Arrow keys, Home and End move between blocks; Enter or a click opens the image picker.
 * `frameBadge` lets the route mark a block with another feature's count (open review comments), and
 * `frameLabels` name the blocks as the review page does ('Scene 1 Shot 1B'); a block without one is 'Shot 3'.
 */
export function TimelineEditor({
  blocks,
  onOpenBlock,
  note,
  frameBadge,
  frameLabels,
}: {
  blocks: RenderBlock[];
  onOpenBlock: (blockId: string) => void;
  note?: string;
  frameBadge?: (blockId: string) => ReactNode;
  frameLabels?: ReadonlyMap<string, string>;
}) {
  const [zoom, setZoom] = useState(ZOOM_INITIAL);
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const { toUrl } = useMediaUrl();
  const shown = useMemo(() => timelineBlocks(blocks), [blocks]);
  const { items, totalMs, totalWidthPx } = useMemo(() => layoutTimeline(shown, zoom), [shown, zoom]);
  const current = Math.min(active, Math.max(0, items.length - 1));

  const focusBlock = (index: number) => {
    const next = Math.min(Math.max(0, index), items.length - 1);
    setActive(next);
    const button = buttons.current[next];
    button?.focus();
    button?.scrollIntoView({ block: "nearest", inline: "nearest" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusBlock(moves[event.key]);
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle>Timeline</CardTitle>
          <CardDescription>
            {items.length} {items.length === 1 ? "shot" : "shots"} · {formatTimecode(totalMs)}. Select a shot to change its image.
            {note ? ` ${note}` : ""}
          </CardDescription>
        </div>
        <div className="flex items-center gap-1" role="group" aria-label="Timeline zoom">
          <Button variant="outline" size="icon" onClick={() => setZoom(zoomOut)} disabled={!canZoomOut(zoom)} aria-label="Zoom out">
            <ZoomOut />
          </Button>
          <span className="w-20 text-center text-xs text-muted-foreground tabular-nums" aria-live="polite">
            {Math.round(zoom * 1000 * 10) / 10} px/s
          </span>
          <Button variant="outline" size="icon" onClick={() => setZoom(zoomIn)} disabled={!canZoomIn(zoom)} aria-label="Zoom in">
            <ZoomIn />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">This render has no shots yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border bg-muted/40 p-2">
            <ol
              aria-label="Timeline shots"
              onKeyDown={onKeyDown}
              className="relative h-24"
              style={{ width: totalWidthPx }}
              data-testid="timeline-track"
            >
              {items.map(({ block, startMs, durationMs, leftPx, widthPx }, index) => {
                const image = toUrl(block.imageUrl[0]);
                const label = frameLabels?.get(block.id);
                return (
                  <li key={block.id} className="absolute inset-y-0" style={{ left: leftPx, width: widthPx }} data-testid="timeline-block">
                    <button
                      ref={(el) => {
                        buttons.current[index] = el;
                      }}
                      type="button"
                      tabIndex={index === current ? 0 : -1}
                      onClick={() => {
                        setActive(index);
                        onOpenBlock(block.id);
                      }}
                      onFocus={() => setActive(index)}
                      aria-label={`${label ?? `Shot ${index + 1}`} at ${formatTimecode(startMs)}, ${(durationMs / 1000).toFixed(1)} s: ${block.text.slice(0, 80)}. Change image`}
                      title={block.text}
                      className={cn(
                        "group relative size-full overflow-hidden rounded-sm border border-l-4 border-background bg-card text-left outline-none",
                        "focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring hover:brightness-110",
                        TYPE_ACCENT[block.type] ?? "border-l-muted-foreground",
                      )}
                    >
                      {image && <img src={image} alt="" className="absolute inset-0 size-full object-cover" loading="lazy" draggable={false} />}
                      <span className="absolute inset-x-0 bottom-0 truncate bg-black/60 px-1 text-[10px] leading-4 text-white">
                        {label ?? index + 1}
                        {block.character ? ` ${block.character}` : ""}
                      </span>
                    </button>
                    {frameBadge?.(block.id)}
                  </li>
                );
              })}
            </ol>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
