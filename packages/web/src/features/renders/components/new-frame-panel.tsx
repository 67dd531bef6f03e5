import { IMAGE_GENERATION_COST } from "@storyboard/core/render/pricing";
import { AlertTriangle, Loader2, Pencil, Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { useDrawnFrame, useGenerateImage } from "../api/mutations";
import { type ImageRequestView, type RenderBlock, useImageRequests } from "../api/renders";
import { PromptCoverageNote } from "./prompt-coverage-note";
import { isDrawnInPlace } from "@storyboard/core/render/types";

interface Props {
  renderId: string;
  block: RenderBlock;
  characterNames: string[];
  /** A frame asked for here is ready and among the block's images: the picker selects it. */
  onReady: (url: string) => void;
}

/** A fresh key for one intent to buy a frame (docs/decisions.md#on-demand-frames). */
const newIntentKey = () => crypto.randomUUID();

/**
 * The prompt for a new frame of a block and the frames asked for that are not
 * among its images: pending (drawn in the background; the writer may go on),
 * failed (refunded) or refused by the image service, with 'Edit prompt' and a free 'Use a drawn frame'.
 */
export function NewFramePanel({ renderId, block, characterNames, onReady }: Props) {
  const [prompt, setPrompt] = useState(block.imagePrompt ?? "");
  // One key per intent, made when the panel opens and renewed only once a request has answered:
  // a double click, or a request sent again, carries the same key and is charged once.
  const [intentKey, setIntentKey] = useState(newIntentKey);
  const sending = useRef(false);
  const promptField = useRef<HTMLTextAreaElement>(null);
  const generate = useGenerateImage(renderId);
  const { data: frames = [] } = useImageRequests(renderId);
  // Pending, failed and refused frames, and the render's own frame drawn in place of a refused one.
  const open = frames.filter((f) => f.blockId === block.id && ((f.status !== "ready" && f.status !== "drawn") || isDrawnInPlace(f)));
  // The frames asked for (or drawn) here, selected once they are among the block's images.
  const asked = useRef(new Set<string>());
  const arrived = frames.find((f) => asked.current.has(f.requestId) && f.url && block.imageUrl.includes(f.url));
  useEffect(() => {
    if (!arrived?.url) return;
    asked.current.delete(arrived.requestId);
    onReady(arrived.url);
  }, [arrived, onReady]);

  const onGenerate = async () => {
    if (!prompt.trim() || sending.current) return;
    sending.current = true;
    try {
      const frame = await generate.mutateAsync({ blockId: block.id, imagePrompt: prompt.trim(), idempotencyKey: intentKey });
      if (frame) asked.current.add(frame.requestId);
    } finally {
      sending.current = false;
      setIntentKey(newIntentKey());
    }
  };

  const editPrompt = (frame: ImageRequestView) => {
    setPrompt(frame.prompt);
    promptField.current?.focus();
  };

  return (
    <div className="grid gap-3">
      {open.length > 0 && (
        <ul className="grid gap-2" aria-label="New images">
          {open.map((frame) => (
            <li key={frame.requestId}>
              <FrameNotice
                frame={frame}
                renderId={renderId}
                onEditPrompt={() => editPrompt(frame)}
                onDrawn={() => asked.current.add(frame.requestId)}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-2 rounded-lg border p-3">
        <Label htmlFor="image-picker-prompt">Prompt for a new image</Label>
        <Textarea
          id="image-picker-prompt"
          ref={promptField}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          rows={3}
          maxLength={2000}
          aria-describedby="image-picker-coverage"
        />
        <PromptCoverageNote id="image-picker-coverage" prompt={prompt} characters={characterNames} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">Each new image costs {IMAGE_GENERATION_COST} points.</p>
          <Button variant="secondary" onClick={onGenerate} disabled={!prompt.trim() || generate.isPending}>
            <Sparkles aria-hidden />
            {generate.isPending ? "Sending..." : "Generate new image"}
          </Button>
        </div>
      </div>
    </div>
  );
}

interface NoticeProps {
  frame: ImageRequestView;
  renderId: string;
  onEditPrompt: () => void;
  onDrawn: () => void;
}

function FrameNotice({ frame, renderId, onEditPrompt, onDrawn }: NoticeProps) {
  const drawn = useDrawnFrame(renderId);
  if (frame.status === "pending") {
    return (
      <div role="status" className="flex items-center gap-2 rounded-md border border-dashed p-3 text-sm">
        <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden />
        <span>
          Generating a new image: &ldquo;{frame.prompt}&rdquo;. You can keep working; it appears here when it is ready.
        </span>
      </div>
    );
  }
  const inPlace = isDrawnInPlace(frame);
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      <p className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <span>
          {frame.message}
          {inPlace && " This shot shows a drawn frame in its place, at no extra cost."}
        </span>
      </p>
      {(frame.status === "refused" || inPlace) && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onEditPrompt}>
            <Pencil aria-hidden />
            Edit prompt
          </Button>
          {!inPlace && (
            <Button size="sm" variant="outline" onClick={() => drawn.mutate(frame.requestId, { onSuccess: onDrawn })} disabled={drawn.isPending}>
              {drawn.isPending ? "Drawing..." : "Use a drawn frame"}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
