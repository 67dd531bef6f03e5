import { promptCoverage } from "@storyboard/core/provider/offline/prompt-reading";
import { Info } from "lucide-react";
import { usePublicEnv } from "../../../config/env";

/**
 * Before an on-demand image is bought: when frames are drawn offline, which
 * words of the prompt the drawing follows and which it cannot show
 * (docs/product.md#renders, on-demand images). Cloud images follow the whole prompt: no note.
 */
export function PromptCoverageNote({ id, prompt, characters }: { id: string; prompt: string; characters: string[] }) {
  const { data: env } = usePublicEnv();
  if (env?.IMAGE_PROVIDER !== "offline" || !prompt.trim()) return <span id={id} hidden />;
  const { followed, ignored } = promptCoverage(prompt, characters);
  return (
    <p id={id} className="flex items-start gap-2 text-xs text-muted-foreground" data-testid="prompt-coverage">
      <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>
        {followed.length ? (
          <>
            The offline image maker will draw: <span className="font-medium text-foreground">{followed.join(", ")}</span>.
          </>
        ) : (
          <>The offline image maker recognises none of these words: the new image will look like this shot&apos;s.</>
        )}
        {ignored.length > 0 && followed.length > 0 && <> It cannot show: {ignored.join(", ")}.</>}
      </span>
    </p>
  );
}
