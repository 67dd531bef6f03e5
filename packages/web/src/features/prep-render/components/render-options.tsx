import { VISUAL_STYLES } from "@storyboard/core/catalog/styles";
import type { createRenderSchema, CreateRenderInput } from "@storyboard/core/render/schema";
import type { Control } from "react-hook-form";
import type { z } from "zod";
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from "../../../components/ui/form";
import { Label } from "../../../components/ui/label";
import { RadioGroup, RadioGroupItem } from "../../../components/ui/radio-group";
import { Switch } from "../../../components/ui/switch";
import { cn } from "../../../lib/utils";
import { STYLE_DESCRIPTIONS } from "../utils/defaults";

type FormControlOf = Control<CreateRenderInput, unknown, z.output<typeof createRenderSchema>>;

/** The six visual styles as a radio list, each with its name and what it looks like. */
export function StyleOptions({ control }: { control: FormControlOf }) {
  return (
    <FormField
      control={control}
      name="style"
      render={({ field }) => (
        <RadioGroup value={field.value} onValueChange={field.onChange} aria-label="Visual style" className="grid gap-2 sm:grid-cols-2">
          {VISUAL_STYLES.map((style) => {
            const id = `style-${style.id}`;
            const checked = field.value === style.id;
            return (
              <Label
                key={style.id}
                htmlFor={id}
                className={cn(
                  "cursor-pointer items-start gap-3 rounded-lg border p-3 leading-normal font-normal transition-colors hover:bg-accent/50",
                  checked && "border-primary bg-accent/60",
                )}
              >
                <RadioGroupItem id={id} value={style.id} className="mt-0.5" aria-describedby={`${id}-description`} />
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">{style.name}</span>
                  <span id={`${id}-description`} className="text-xs text-muted-foreground">
                    {STYLE_DESCRIPTIONS[style.id]}
                  </span>
                </span>
              </Label>
            );
          })}
        </RadioGroup>
      )}
    />
  );
}

type ToggleName = "previewDescriptionsBeforeFirstImages" | "previewImagesBeforeFirstRender" | "burnCaptions";

const TOGGLES: { name: ToggleName; label: string; description: string }[] = [
  {
    name: "previewDescriptionsBeforeFirstImages",
    label: "Review descriptions before images",
    description:
      "We pause after writing the character and scene descriptions, so you can correct them before any image is drawn.",
  },
  {
    name: "previewImagesBeforeFirstRender",
    label: "Review images before the video",
    description: "We pause once every shot has its image and narration, so you can swap images before the video is made.",
  },
  {
    name: "burnCaptions",
    label: "Burn captions into the video",
    description: "Dialogue and narration appear as subtitles inside the video itself, for viewers watching without sound.",
  },
];

/** The two review pauses (on by default) and burned-in captions (off by default). */
export function ToggleOptions({ control }: { control: FormControlOf }) {
  return (
    <div className="flex flex-col divide-y">
      {TOGGLES.map((toggle) => (
        <FormField
          key={toggle.name}
          control={control}
          name={toggle.name}
          render={({ field }) => (
            <FormItem className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
              <div className="grid gap-1">
                <FormLabel className="leading-snug">{toggle.label}</FormLabel>
                <FormDescription className="text-xs">{toggle.description}</FormDescription>
              </div>
              <FormControl>
                <Switch checked={!!field.value} onCheckedChange={field.onChange} className="mt-0.5" />
              </FormControl>
            </FormItem>
          )}
        />
      ))}
    </div>
  );
}
