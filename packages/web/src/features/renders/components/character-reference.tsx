import { ImageUp } from "lucide-react";
import { useRef } from "react";
import { Button } from "../../../components/ui/button";
import { useReplaceCharacterReference } from "../api/mutations";
import type { RenderCharacter } from "../api/renders";
import { useMediaUrl } from "../hooks/use-media-url";

/** The file as base64, without the data URL's prefix. */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });

/**
 * A character's reference image in the descriptions review: every frame of the character
 * is drawn from it (docs/decisions.md#character-reference-images); the writer may give their own.
 */
export function CharacterReference({ renderId, name, character }: { renderId: string; name: string; character?: RenderCharacter }) {
  const { toUrl } = useMediaUrl();
  const replace = useReplaceCharacterReference(renderId);
  const input = useRef<HTMLInputElement>(null);
  const key = character?.reference?.key;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    replace.mutate({ name, image: await base64Of(file) });
    if (input.current) input.current.value = "";
  };

  return (
    <div className="flex items-center gap-3">
      {key ? (
        <img src={toUrl(key)} alt={`Reference picture of ${name}`} className="h-24 w-16 shrink-0 rounded border bg-muted object-cover" />
      ) : (
        <span className="flex h-24 w-16 shrink-0 items-center justify-center rounded border border-dashed text-center text-[10px] text-muted-foreground">
          No picture yet
        </span>
      )}
      <div className="grid gap-1">
        <p className="text-xs text-muted-foreground">Every image of {name} is drawn from this picture.</p>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          aria-label={`Picture of ${name}`}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Button type="button" size="sm" variant="outline" onClick={() => input.current?.click()} disabled={replace.isPending} className="w-fit">
          <ImageUp aria-hidden />
          {replace.isPending ? "Uploading..." : "Use my own picture"}
        </Button>
      </div>
    </div>
  );
}
