import { sceneIdsInScriptOrder } from "@storyboard/core/render/story-facts";
import type { ShotEdit } from "@storyboard/core/board/schema";
import { type ReactNode, useMemo, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { useStartGeneration, useUpdateDescriptions, type DescriptionEdits } from "../api/mutations";
import type { RenderBlock, RenderJob } from "../api/renders";
import { changedFirst, changedScenesAndCharacters } from "../utils/changed-first";
import { ShowAllToggle } from "./show-all-toggle";
import { CharacterReference } from "./character-reference";

type Texts = Record<string, string>;

const textsOf = (dictionary: Record<string, { description?: string }> | undefined): Texts =>
  Object.fromEntries(Object.entries(dictionary ?? {}).map(([key, value]) => [key, value.description ?? ""]));

const differs = (a: Texts, b: Texts) => Object.keys(a).some((key) => a[key] !== b[key]);

/** Review gate 1 (status descriptions_ready): edit what the images are drawn from, save, then start generating. */
/** What the shot selects need (app/ composes the board feature's picker in: features never import one another). */
export interface ShotSlotProps {
  blocks: (RenderBlock & { shot: NonNullable<RenderBlock["shot"]> | null })[];
  edits: Record<string, ShotEdit>;
  onChange: (blockId: string, edit: ShotEdit) => void;
}

export function DescriptionsEditor({ render, shotSlot }: { render: RenderJob; shotSlot?: (props: ShotSlotProps) => ReactNode }) {
  const { characterDictionary, sceneDictionary } = render.screenplaySnapshot;
  const savedCharacters = useMemo(() => textsOf(characterDictionary), [characterDictionary]);
  const savedScenes = useMemo(() => textsOf(sceneDictionary), [sceneDictionary]);
  const [characters, setCharacters] = useState<Texts>(savedCharacters);
  const [scenes, setScenes] = useState<Texts>(savedScenes);
  const [shots, setShots] = useState<Record<string, ShotEdit>>({});
  const save = useUpdateDescriptions(render.id);
  const start = useStartGeneration(render.id);
  const dirty = differs(characters, savedCharacters) || differs(scenes, savedScenes) || Object.keys(shots).length > 0;
  const busy = save.isPending || start.isPending;
  // A revised draft's render: the scenes, characters and shots of its new and changed blocks first.
  const [showAll, setShowAll] = useState(false);
  const marks = useMemo(() => changedScenesAndCharacters(render.screenplaySnapshot.blocks), [render.screenplaySnapshot.blocks]);

  const edits = (): DescriptionEdits => ({
    characterDictionary: Object.fromEntries(Object.entries(characters).map(([k, description]) => [k, { description }])),
    sceneDictionary: Object.fromEntries(Object.entries(scenes).map(([k, description]) => [k, { description }])),
    // Sent only when the writer chose some: blocks left out keep their shots.
    ...(Object.keys(shots).length ? { shots } : {}),
  });

  const onSave = () => save.mutate({ edits: edits() }, { onSuccess: () => setShots({}) });
  /** Unsaved edits are saved first, so the images are drawn from what is on screen. */
  const onStart = async () => {
    if (dirty) {
      try {
        await save.mutateAsync({ edits: edits(), quiet: true });
        setShots({});
      } catch {
        return; // 'Update Failed' is shown by the mutation.
      }
    }
    start.mutate();
  };

  const characterList = changedFirst(Object.keys(characters), (name) => marks.characters.has(name), showAll);
  // Stored maps come back in any key order; the writer reads them in script order.
  const sceneList = changedFirst(sceneIdsInScriptOrder(scenes), (id) => marks.scenes.has(id), showAll);
  const shotList = changedFirst(
    render.screenplaySnapshot.blocks.filter((b) => b.hasMedia),
    (b) => Boolean(b.changed),
    showAll,
  );
  const revised = characterList.canShowAll || sceneList.canShowAll || shotList.canShowAll;
  const characterNames = characterList.shown;
  const sceneIds = sceneList.shown;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Review descriptions</CardTitle>
        <CardDescription>
          Every image is drawn from these descriptions. Adjust how characters look and what each scene's setting is like, save, then start
          generating images and audio.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {revised && (
          <div className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3 text-sm" data-testid="changed-first-note">
            <p>
              {showAll
                ? "Showing everything, new and changed first."
                : `Showing what is new or changed in this draft: ${sceneList.changed} of ${sceneList.total} scenes, ${characterList.changed} of ${characterList.total} characters and ${shotList.changed} of ${shotList.total} shots. The rest is reused from your earlier render.`}
            </p>
            <ShowAllToggle showAll={showAll} onChange={setShowAll} what="descriptions" />
          </div>
        )}
        <section aria-labelledby="characters-heading" className="flex flex-col gap-4">
          <h4 id="characters-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            Characters ({characterList.total})
          </h4>
          {characterNames.length === 0 && <p className="text-sm text-muted-foreground">This screenplay has no characters.</p>}
          {characterNames.map((name) => (
            <div key={name} className="grid gap-2">
              <Label htmlFor={`character-${name}`}>{name}</Label>
              <Textarea
                id={`character-${name}`}
                value={characters[name]}
                onChange={(e) => setCharacters((prev) => ({ ...prev, [name]: e.target.value }))}
                maxLength={2000}
                rows={3}
              />
              <CharacterReference renderId={render.id} name={name} character={characterDictionary?.[name]} />
            </div>
          ))}
        </section>
        <section aria-labelledby="scenes-heading" className="flex flex-col gap-4">
          <h4 id="scenes-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            Scenes ({sceneList.total})
          </h4>
          {sceneIds.length === 0 && <p className="text-sm text-muted-foreground">This screenplay has no scene headings.</p>}
          {sceneIds.map((id) => (
            <div key={id} className="grid gap-2">
              <Label htmlFor={`scene-${id}`} className="font-mono text-xs leading-snug">
                {sceneDictionary?.[id]?.heading || id}
              </Label>
              <Textarea
                id={`scene-${id}`}
                value={scenes[id]}
                onChange={(e) => setScenes((prev) => ({ ...prev, [id]: e.target.value }))}
                maxLength={2000}
                rows={3}
              />
            </div>
          ))}
        </section>
        {shotSlot?.({
          blocks: shotList.shown.map((b) => ({ ...b, shot: b.shot ?? null })),
          edits: shots,
          onChange: (blockId, edit) => setShots((prev) => ({ ...prev, [blockId]: edit })),
        })}
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 border-t pt-6 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onSave} disabled={!dirty || busy} className="w-full sm:w-auto">
          {save.isPending ? "Saving..." : "Save"}
        </Button>
        <Button onClick={onStart} disabled={busy} className="w-full sm:w-auto">
          {start.isPending ? "Starting..." : "Start Generating"}
        </Button>
      </CardFooter>
    </Card>
  );
}
