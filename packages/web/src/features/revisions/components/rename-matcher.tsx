import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { errorMessage } from "../../../lib/api";
import { type RevisedDraftResult, useMatchCharacter } from "../api/revisions";

/** 'ROSE is now ROSALIND': one row per character gone from the draft, each matched in one step. */
export function RenameMatcher({
  screenplayId,
  result,
  onChanged,
}: {
  screenplayId: string;
  result: RevisedDraftResult;
  onChanged?: () => void;
}) {
  const [matched, setMatched] = useState<Record<string, string>>({});
  const [choice, setChoice] = useState<Record<string, string>>({});
  const match = useMatchCharacter(screenplayId, onChanged);
  const free = result.newCharacters.filter((name) => !Object.values(matched).includes(name));

  if (!result.goneCharacters.length) {
    return (
      <p className="text-sm text-muted-foreground">
        {result.newCharacters.length ? `New characters: ${result.newCharacters.join(", ")}.` : "Every character carried over."}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">Renamed a character? Match the old name to the new one so it keeps its description and voice.</p>
      <ul className="flex flex-col gap-2">
        {result.goneCharacters.map((oldName) => (
          <li key={oldName} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{oldName}</span>
            {matched[oldName] ? (
              <span>
                is now <span className="font-medium">{matched[oldName]}</span>
              </span>
            ) : (
              <>
                <span>is now</span>
                <Select value={choice[oldName] ?? ""} onValueChange={(v) => setChoice({ ...choice, [oldName]: v })} disabled={!free.length}>
                  <SelectTrigger className="w-44" aria-label={`New name of ${oldName}`}>
                    <SelectValue placeholder={free.length ? "Choose a name" : "No new names"} />
                  </SelectTrigger>
                  <SelectContent>
                    {free.map((name) => (
                      <SelectItem key={name} value={name}>
                        {name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <Button
                  size="sm"
                  disabled={!choice[oldName] || match.isPending}
                  onClick={() =>
                    match.mutate(
                      { oldName, newName: choice[oldName] },
                      { onSuccess: () => setMatched({ ...matched, [oldName]: choice[oldName] }) },
                    )
                  }
                >
                  Match
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      {match.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(match.error)}
        </p>
      )}
    </div>
  );
}
