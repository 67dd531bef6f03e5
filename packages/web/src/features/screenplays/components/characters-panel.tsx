import type { CharacterEntry } from "@storyboard/core/screenplay/types";
import { Loader2, Trash2, Users } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/api";
import { useRemoveCharacter } from "../api/mutations";
import { AddCharacterForm } from "./add-character-form";

/** Speakers first, then the characters added by hand; each group alphabetical. */
export function sortCharacters(dictionary: Record<string, CharacterEntry>): [string, CharacterEntry][] {
  return Object.entries(dictionary).sort(
    ([a, ca], [b, cb]) => Number(cb.isSpeaker) - Number(ca.isSpeaker) || a.localeCompare(b),
  );
}

function pronounsText(entry: CharacterEntry): string {
  const { subject, object, possessive } = entry.pronouns ?? {};
  return [subject, object, possessive].filter(Boolean).join("/");
}

interface CharactersPanelProps {
  screenplayId: string;
  characters: Record<string, CharacterEntry>;
  /** Characters can only change once parsing is done. */
  editable: boolean;
}

/** docs/product.md#screenplays: the characters, an add form, and removal of non-speaking characters only. */
export function CharactersPanel({ screenplayId, characters, editable }: CharactersPanelProps) {
  const remove = useRemoveCharacter(screenplayId);
  const entries = sortCharacters(characters);

  const removeCharacter = async (name: string) => {
    try {
      await remove.mutateAsync(name);
      toast({ title: "Character removed", description: `${name} was removed.` });
    } catch (error) {
      toast({ variant: "destructive", title: "Failed to remove character", description: errorMessage(error) });
    }
  };

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Characters</CardTitle>
        <CardDescription>Characters with dialogue come from the screenplay. Add anyone who appears without speaking.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-6 text-center">
            <Users className="size-5 text-muted-foreground" aria-hidden />
            <p className="text-sm text-muted-foreground">{editable ? "No characters found yet." : "Characters appear once processing is done."}</p>
          </div>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border" aria-label="Characters">
            {entries.map(([name, entry]) => {
              const removing = remove.isPending && remove.variables === name;
              const pronouns = pronounsText(entry);
              return (
                <li key={name} className="flex items-center justify-between gap-2 p-3">
                  <div className="min-w-0">
                    <p className="text-sm font-medium break-words">{name}</p>
                    <div className="mt-1 flex flex-wrap items-center gap-1.5">
                      <Badge variant={entry.isSpeaker ? "secondary" : "outline"}>{entry.isSpeaker ? "Speaking" : "Non-speaking"}</Badge>
                      {pronouns && <span className="text-xs text-muted-foreground">{pronouns}</span>}
                    </div>
                  </div>
                  {!entry.isSpeaker && (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-muted-foreground hover:text-destructive"
                      onClick={() => removeCharacter(name)}
                      disabled={!editable || remove.isPending}
                      aria-label={`Remove ${name}`}
                    >
                      {removing ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <AddCharacterForm screenplayId={screenplayId} disabled={!editable} />
      </CardContent>
    </Card>
  );
}
