import { NARRATOR_KEY } from "@storyboard/core/render/schema";
import { sharedVoices, voiceGender } from "@storyboard/core/render/voice-assignment";
import { AlertTriangle, Info } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import type { Voice } from "../api/prep-render";
import type { CharacterVoices } from "../utils/defaults";
import { VoicePickerDialog } from "./voice-picker-dialog";

interface Props {
  characters: string[];
  value: CharacterVoices;
  onChange: (next: CharacterVoices) => void;
  voices: Voice[] | undefined;
  loading: boolean;
  failed: boolean;
}

const displayName = (key: string) => (key === NARRATOR_KEY ? "Narrator" : key);
const listOf = (names: string[]) =>
  names.length <= 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

/** The narrator and every speaking character, each with its voice and a Change button. */
export function VoiceAssignment({ characters, value, onChange, voices, loading, failed }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const rows = [NARRATOR_KEY, ...characters.filter((c) => c !== NARRATOR_KEY)];
  const byId = new Map((voices ?? []).map((v) => [v.voice_id, v]));
  const shared = sharedVoices(Object.fromEntries(rows.map((key) => [key, value[key]])));

  if (failed) {
    return (
      <div role="alert" className="flex items-start gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <div>
          <p className="font-medium text-destructive">Error Loading Voices</p>
          <p className="text-muted-foreground">We couldn't load the voice options. Please try again later.</p>
          <p className="mt-1 text-muted-foreground">You can still confirm: voices are then chosen automatically, with George narrating.</p>
        </div>
      </div>
    );
  }
  if (loading) {
    return (
      <div className="flex flex-col gap-2" aria-label="Loading voices" aria-busy>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }

  return (
    <>
      <table className="w-full text-sm" aria-label="Character voices">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-2 font-medium">
              Character
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              Voice
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((key) => {
            const assigned = value[key];
            const voice = assigned ? byId.get(assigned.voiceId) : undefined;
            return (
              <tr key={key} className="border-b last:border-0" data-testid={`voice-row-${key}`}>
                <td className="py-2 pr-2 font-medium break-words">{displayName(key)}</td>
                <td className="py-2 pr-2">
                  <span>{voice?.name ?? assigned?.voiceName ?? "Automatic"}</span>
                  {voice && <span className="ml-1.5 text-xs text-muted-foreground capitalize">({voiceGender(voice)})</span>}
                </td>
                <td className="py-2 text-right">
                  <Button variant="outline" size="sm" onClick={() => setEditing(key)} aria-label={`Change voice for ${displayName(key)}`}>
                    Change
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {shared.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1 text-sm text-muted-foreground" aria-label="Shared voices" data-testid="shared-voices">
          {shared.map(({ voiceId, names }) => (
            <li key={voiceId} className="flex items-start gap-2">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                {listOf(names.map(displayName))} share the voice {byId.get(voiceId)?.name ?? value[names[0]]?.voiceName ?? voiceId}
                {names.includes(NARRATOR_KEY)
                  ? ": that character will sound like the narration."
                  : ": there are more speakers than voices of their kind."}
              </span>
            </li>
          ))}
        </ul>
      )}
      <VoicePickerDialog
        character={editing === null ? null : displayName(editing)}
        currentVoiceId={editing ? value[editing]?.voiceId : undefined}
        voices={voices ?? []}
        onCancel={() => setEditing(null)}
        onConfirm={(voice) => {
          if (editing) onChange({ ...value, [editing]: { voiceId: voice.voice_id, voiceName: voice.name } });
          setEditing(null);
        }}
      />
    </>
  );
}
