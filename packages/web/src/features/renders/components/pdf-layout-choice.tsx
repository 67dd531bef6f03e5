import { PDF_LAYOUTS, type PdfLayout } from "@storyboard/core/board/schema";
import { Loader2 } from "lucide-react";
import { Label } from "../../../components/ui/label";
import { RadioGroup, RadioGroupItem } from "../../../components/ui/radio-group";
import { cn } from "../../../lib/utils";
import { useRelayoutPdf } from "../api/mutations";

const layoutName = (layout: PdfLayout) => {
  const [panels, orientation] = layout.split("-");
  return `${panels} panel${panels === "1" ? "" : "s"} a page, ${orientation}`;
};

/** The storyboard PDF's layout: 1, 2 or 6 panels a page, portrait or landscape; a new choice lays the download out again. */
export function PdfLayoutChoice({ renderId, layout }: { renderId: string; layout: PdfLayout }) {
  const relayout = useRelayoutPdf(renderId);
  const shown = relayout.isPending ? relayout.variables : layout;
  return (
    <div>
      <h4 id="pdf-layout-heading" className="mb-2 flex items-center gap-2 text-sm font-medium">
        Storyboard PDF layout
        {relayout.isPending && <Loader2 className="size-4 animate-spin" aria-label="Laying out the PDF" />}
      </h4>
      <RadioGroup
        value={shown}
        onValueChange={(value) => relayout.mutate(value as PdfLayout)}
        disabled={relayout.isPending}
        aria-labelledby="pdf-layout-heading"
        className="grid grid-cols-2 gap-2 sm:grid-cols-3"
      >
        {PDF_LAYOUTS.map((option) => {
          const id = `pdf-layout-${option}`;
          return (
            <Label
              key={option}
              htmlFor={id}
              className={cn(
                "cursor-pointer items-center gap-2 rounded-md border p-2 text-sm font-normal",
                shown === option && "border-primary bg-accent/60",
              )}
            >
              <RadioGroupItem id={id} value={option} />
              {layoutName(option)}
            </Label>
          );
        })}
      </RadioGroup>
    </div>
  );
}
