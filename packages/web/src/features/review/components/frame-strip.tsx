import { useRef, useState, type KeyboardEvent } from "react";
import { cn } from "../../../lib/utils";
import { formatTimecode } from "../../../lib/timecode";
import type { ReviewFrame } from "../api/types";

interface FrameStripProps {
  frames: ReviewFrame[];
  /** The frame the video is showing now. */
  playingBlockId: string | null;
  /** The frame a new comment goes to. */
  selectedBlockId: string | null;
  onSelect: (frame: ReviewFrame) => void;
  /** Open threads per frame. */
  openCounts: Map<string, number>;
  /** A picture did not load (its signed address ended). */
  onImageError?: () => void;
}

const countLabel = (n: number) => `${n} open ${n === 1 ? "comment" : "comments"}`;

/**
 * The render's frames in order. Each is a button: a click or Enter shows that frame in the video and makes it
 * the target of a new comment. One tab stop; arrow keys, Home and End move between frames.
 */
export function FrameStrip({ frames, playingBlockId, selectedBlockId, onSelect, openCounts, onImageError }: FrameStripProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = frames.findIndex((f) => f.blockId === selectedBlockId);
  const [focused, setFocused] = useState(Math.max(0, selectedIndex));
  const current = Math.min(focused, Math.max(0, frames.length - 1));

  const move = (index: number) => {
    const next = Math.min(Math.max(0, index), frames.length - 1);
    setFocused(next);
    const button = buttons.current[next];
    button?.focus();
    button?.scrollIntoView({ block: "nearest", inline: "nearest" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1, ArrowUp: current - 1, Home: 0, End: frames.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      move(moves[event.key]);
    }
  };

  if (frames.length === 0) return <p className="text-sm text-muted-foreground">This render has no frames to show.</p>;

  return (
    <div className="overflow-x-auto rounded-lg border bg-muted/40 p-2">
      <ol aria-label="Frames" onKeyDown={onKeyDown} className="flex gap-2">
        {frames.map((frame, index) => {
          const open = openCounts.get(frame.blockId) ?? 0;
          const playing = frame.blockId === playingBlockId;
          return (
            <li key={frame.blockId} className="w-28 shrink-0 sm:w-36">
              <button
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                type="button"
                tabIndex={index === current ? 0 : -1}
                aria-pressed={frame.blockId === selectedBlockId}
                aria-current={playing ? "time" : undefined}
                aria-label={`${frame.label} at ${formatTimecode(frame.startMs)}${open ? `, ${countLabel(open)}` : ""}`}
                title={frame.text}
                onFocus={() => setFocused(index)}
                onClick={() => {
                  setFocused(index);
                  onSelect(frame);
                }}
                className={cn(
                  "group relative flex w-full flex-col overflow-hidden rounded-md border-2 border-transparent bg-card text-left outline-none",
                  "focus-visible:ring-[3px] focus-visible:ring-ring hover:brightness-110",
                  frame.blockId === selectedBlockId && "border-primary",
                  playing && frame.blockId !== selectedBlockId && "border-muted-foreground/60",
                )}
              >
                <img src={frame.imageUrl} alt="" loading="lazy" draggable={false} onError={onImageError} className="aspect-video w-full bg-muted object-cover" />
                {/* The label wraps rather than cut: on a phone 'Scene 1 Shot 1A' read 'Scene 1 S…'. */}
                <span className="flex flex-wrap items-center justify-between gap-x-1 px-1.5 py-1 text-[11px] leading-4">
                  <span className="min-w-0 break-words">{frame.label}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">{formatTimecode(frame.startMs)}</span>
                </span>
                {open > 0 && (
                  <span
                    aria-hidden
                    className="absolute top-1 right-1 min-w-5 rounded-full bg-primary px-1.5 text-center text-[11px] leading-5 font-semibold text-primary-foreground"
                  >
                    {open}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
