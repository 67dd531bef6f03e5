import { useId } from "react";
import { Checkbox } from "../../../components/ui/checkbox";
import { cn } from "../../../lib/utils";

/** A labelled group of checkboxes; with `max`, the unchecked ones disable once `max` are checked. */
export function CheckList({
  legend,
  options,
  selected,
  onChange,
  max,
  columns = 2,
  className,
}: {
  legend: string;
  options: readonly string[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  max?: number;
  columns?: 1 | 2;
  className?: string;
}) {
  const id = useId();
  const full = max !== undefined && selected.length >= max;
  return (
    <fieldset className={cn("grid gap-2", className)}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={cn("grid gap-x-4 gap-y-2", columns === 2 && "sm:grid-cols-2")}>
        {options.map((option, i) => {
          const checked = selected.includes(option);
          return (
            <label key={option} htmlFor={`${id}-${i}`} className={cn("flex items-center gap-2 text-sm", !checked && full ? "cursor-not-allowed opacity-60" : "cursor-pointer")}>
              <Checkbox
                id={`${id}-${i}`}
                checked={checked}
                disabled={!checked && full}
                onCheckedChange={(value) => onChange(value === true ? [...selected, option] : selected.filter((s) => s !== option))}
              />
              {option}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
