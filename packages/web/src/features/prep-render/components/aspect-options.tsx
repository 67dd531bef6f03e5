import { ASPECTS, aspectRefusal, styleAspects } from "@storyboard/core/catalog/aspects";
import { getStyle, type StyleId } from "@storyboard/core/catalog/styles";
import type { createRenderSchema, CreateRenderInput } from "@storyboard/core/render/schema";
import type { Control } from "react-hook-form";
import type { z } from "zod";
import { FormField, FormItem, FormMessage } from "../../../components/ui/form";
import { Label } from "../../../components/ui/label";
import { RadioGroup, RadioGroupItem } from "../../../components/ui/radio-group";
import { cn } from "../../../lib/utils";

type FormControlOf = Control<CreateRenderInput, unknown, z.output<typeof createRenderSchema>>;

/**
 * The six frame aspects as a radio list, each with a small outline of its shape. Those the chosen style
 * cannot draw are disabled, and a choice the style refuses says why (docs/decisions.md#aspect-ratios).
 */
export function AspectOptions({ control, style }: { control: FormControlOf; style: StyleId }) {
  const drawable = styleAspects(style);
  // Greyed-out choices say why, before anyone tries them.
  const unavailable = ASPECTS.filter((aspect) => !drawable.includes(aspect.id)).map((aspect) => aspect.id);
  return (
    <FormField
      control={control}
      name="aspect"
      render={({ field }) => {
        const refusal = field.value ? aspectRefusal(style, field.value) : undefined;
        return (
          <FormItem>
            <RadioGroup
              value={field.value}
              onValueChange={field.onChange}
              aria-label="Aspect ratio"
              aria-describedby={unavailable.length ? "aspect-unavailable" : undefined}
              className="grid grid-cols-2 gap-2 sm:grid-cols-3"
            >
              {ASPECTS.map((aspect) => {
                const id = `aspect-${aspect.id.replace(/[:.]/g, "-")}`;
                const checked = field.value === aspect.id;
                const disabled = !drawable.includes(aspect.id);
                // The outline fits a 40x40 box at the aspect's own shape.
                const [w, h] = aspect.ratio >= 1 ? [40, 40 / aspect.ratio] : [40 * aspect.ratio, 40];
                return (
                  <Label
                    key={aspect.id}
                    htmlFor={id}
                    className={cn(
                      "cursor-pointer items-center gap-3 rounded-lg border p-3 font-normal transition-colors hover:bg-accent/50",
                      checked && "border-primary bg-accent/60",
                      disabled && "cursor-not-allowed opacity-50",
                    )}
                  >
                    <RadioGroupItem id={id} value={aspect.id} disabled={disabled} />
                    <span className="flex size-10 shrink-0 items-center justify-center" aria-hidden>
                      <span className="rounded-sm border-2 border-current" style={{ width: w, height: h }} />
                    </span>
                    <span className="text-sm">{aspect.name}</span>
                  </Label>
                );
              })}
            </RadioGroup>
            {unavailable.length > 0 && !refusal && (
              <p id="aspect-unavailable" className="text-sm text-muted-foreground">
                {getStyle(style).name} is drawn in widescreen only: choose another style for {unavailable.join(", ")}.
              </p>
            )}
            {refusal ? (
              <p role="alert" className="text-sm text-destructive">
                {refusal}
              </p>
            ) : (
              <FormMessage />
            )}
          </FormItem>
        );
      }}
    />
  );
}
