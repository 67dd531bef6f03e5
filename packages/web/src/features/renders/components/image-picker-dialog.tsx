import * as RadioGroupPrimitive from "@radix-ui/react-radio-group";
import { Check, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { Pager } from "../../../components/pager";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { RadioGroup } from "../../../components/ui/radio-group";
import { cn } from "../../../lib/utils";
import { useSaveImageOrder } from "../api/mutations";
import type { RenderBlock } from "../api/renders";
import { useMediaUrl } from "../hooks/use-media-url";
import { pageContaining, pageOf, searchBlocks, withChosenFirst } from "../utils/image-picker";
import { NewFramePanel } from "./new-frame-panel";

interface Props {
  renderId: string;
  /** The blocks that can be picked from (the timeline's). */
  blocks: RenderBlock[];
  /** The block the picker opens on; null keeps it closed. */
  blockId: string | null;
  onClose: () => void;
  /** The blocks' names as the review page gives them ('Scene 1 Shot 1B'); a block without one is 'Shot 3'. */
  frameLabels?: ReadonlyMap<string, string>;
}

/** docs/product.md#renders image picker: search blocks by text, 8 per page; choose one of a block's images or generate another. */
export function ImagePickerDialog({ renderId, blocks, blockId, onClose, frameLabels }: Props) {
  return (
    <Dialog open={blockId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl sm:p-6">
        {blockId !== null && <ImagePicker key={blockId} renderId={renderId} blocks={blocks} initialBlockId={blockId} onClose={onClose} frameLabels={frameLabels} />}
      </DialogContent>
    </Dialog>
  );
}

function ImagePicker({ renderId, blocks, initialBlockId, onClose, frameLabels }: Omit<Props, "blockId"> & { initialBlockId: string }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(() => pageContaining(blocks, initialBlockId));
  const [blockId, setBlockId] = useState(initialBlockId);
  const block = blocks.find((b) => b.id === blockId);
  const [chosen, setChosen] = useState<string | undefined>(block?.imageUrl[0]);
  const { toUrl } = useMediaUrl();
  const save = useSaveImageOrder(renderId);

  const matches = useMemo(() => searchBlocks(blocks, search), [blocks, search]);
  const characterNames = useMemo(() => [...new Set(blocks.flatMap((b) => (b.character ? [b.character] : [])))], [blocks]);
  const { items, pages, page: current } = pageOf(matches, page);

  const selectBlock = (next: RenderBlock) => {
    setBlockId(next.id);
    setChosen(next.imageUrl[0]);
  };

  const onSave = async () => {
    if (!block || !chosen) return;
    try {
      await save.mutateAsync({ blockId: block.id, imageUrl: withChosenFirst(block.imageUrl, chosen) });
      onClose();
    } catch {
      // The mutation shows the failure; the dialog stays open to try again.
    }
  };

  const index = block ? blocks.indexOf(block) : -1;
  const shotName = (block && frameLabels?.get(block.id)) ?? `Shot ${index + 1}`;
  const unchanged = !block || chosen === block.imageUrl[0];

  return (
    <>
      <DialogHeader>
        <DialogTitle>Choose an image</DialogTitle>
        <DialogDescription>
          The first image of a shot is the one the video shows. Pick another, or generate a new one from a prompt.
        </DialogDescription>
      </DialogHeader>
      <div className="grid min-h-0 gap-6 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        {block ? (
          <section aria-label={shotName} className="flex min-w-0 flex-col gap-4 md:col-start-2 md:row-start-1">
            <blockquote className="rounded-md border-l-4 bg-muted/50 px-3 py-2 text-sm">
              <span className="font-medium">{shotName}</span>
              {block.character ? <span className="text-muted-foreground"> · {block.character}</span> : null}
              <p className="mt-1 text-muted-foreground">{block.text}</p>
            </blockquote>
            {block.imageUrl.length === 0 ? (
              <p className="text-sm text-muted-foreground">This shot has no images yet.</p>
            ) : (
              <RadioGroup
                value={chosen ?? ""}
                onValueChange={setChosen}
                aria-label="Images of this shot"
                className="grid grid-cols-2 gap-3 lg:grid-cols-3"
              >
                {block.imageUrl.map((url, i) => (
                  <RadioGroupPrimitive.Item
                    key={url}
                    value={url}
                    aria-label={`Image ${i + 1}${i === 0 ? " (in the video)" : ""}`}
                    className="group relative overflow-hidden rounded-lg border-2 border-transparent outline-none focus-visible:ring-[3px] focus-visible:ring-ring data-[state=checked]:border-primary"
                  >
                    <img src={toUrl(url)} alt="" className="aspect-video w-full bg-muted object-cover" />
                    {i === 0 && (
                      <span className="absolute top-1 left-1 rounded bg-black/70 px-1.5 py-0.5 text-[10px] text-white">In the video</span>
                    )}
                    <RadioGroupPrimitive.Indicator className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground">
                      <Check className="size-3" aria-hidden />
                    </RadioGroupPrimitive.Indicator>
                  </RadioGroupPrimitive.Item>
                ))}
              </RadioGroup>
            )}
            <NewFramePanel key={block.id} renderId={renderId} block={block} characterNames={characterNames} onReady={setChosen} />
          </section>
        ) : (
          <p className="text-sm text-muted-foreground md:col-start-2 md:row-start-1">Choose a shot.</p>
        )}
        <section aria-label="Shots" className="flex min-w-0 flex-col gap-3 md:col-start-1 md:row-start-1">
          <div className="grid gap-2">
            <Label htmlFor="image-picker-search">Search shots</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input
                id="image-picker-search"
                type="search"
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(1);
                }}
                placeholder="Words from the shot's text"
                className="pl-8"
              />
            </div>
          </div>
          {items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No shots match your search.</p>
          ) : (
            <ul className="flex flex-col gap-1" aria-label="Matching shots">
              {items.map((b) => (
                <li key={b.id}>
                  <button
                    type="button"
                    onClick={() => selectBlock(b)}
                    aria-current={b.id === blockId ? "true" : undefined}
                    className={cn(
                      "flex w-full items-center gap-2 rounded-md border p-1.5 text-left text-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                      b.id === blockId && "border-primary bg-accent",
                    )}
                  >
                    <span className="w-6 shrink-0 text-center text-muted-foreground tabular-nums">{blocks.indexOf(b) + 1}</span>
                    <span className="line-clamp-2 min-w-0 flex-1">{b.text}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Pager page={current} pages={pages} onPage={setPage} label="Shot pages" />
        </section>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={onSave} disabled={!chosen || unchanged || save.isPending}>
          {save.isPending ? "Saving..." : "Use this image"}
        </Button>
      </DialogFooter>
    </>
  );
}
