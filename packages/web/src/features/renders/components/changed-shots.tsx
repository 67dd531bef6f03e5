import { useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import type { RenderBlock } from "../api/renders";
import { useMediaUrl } from "../hooks/use-media-url";
import { changedFirst } from "../utils/changed-first";
import { ShowAllToggle } from "./show-all-toggle";

/**
 * The image review of a revised draft's render: its new and changed shots
 * first, each opening the image picker, with 'Show all' for the shots reused
 * from the earlier render. Nothing shows for a render that reuses nothing.
 */
export function ChangedShots({ blocks, onOpenBlock }: { blocks: RenderBlock[]; onOpenBlock: (blockId: string) => void }) {
  const [showAll, setShowAll] = useState(false);
  const { toUrl } = useMediaUrl();
  const list = changedFirst(
    blocks.filter((b) => b.hasMedia),
    (b) => Boolean(b.changed),
    showAll,
  );
  if (!list.canShowAll) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>New and changed shots</CardTitle>
        <CardDescription>
          {`${list.changed} of ${list.total} shots are new or changed in this draft; the others reuse the images of your earlier render.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ol aria-label="Shots to review" className="grid gap-2 sm:grid-cols-2">
          {list.shown.map((block) => {
            const image = toUrl(block.imageUrl[0]);
            return (
              <li key={block.id}>
                <button
                  type="button"
                  onClick={() => onOpenBlock(block.id)}
                  className="flex w-full items-center gap-3 rounded-md border p-2 text-left text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
                  aria-label={`${block.changed ? "New or changed" : "Reused"}: ${block.text.slice(0, 80)}. Change image`}
                >
                  {image ? <img src={image} alt="" className="h-12 w-20 shrink-0 rounded-sm object-cover" loading="lazy" /> : null}
                  <span className="min-w-0 flex-1">
                    {block.changed && (
                      <span className="mr-1 font-semibold text-primary" aria-hidden>
                        *
                      </span>
                    )}
                    {block.character ? <span className="font-medium">{block.character}: </span> : null}
                    <span className="line-clamp-2">{block.text}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
        <ShowAllToggle showAll={showAll} onChange={setShowAll} what="shots" />
      </CardContent>
    </Card>
  );
}
