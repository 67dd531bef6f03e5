import { timezoneLabel, type TimezoneOption } from "@storyboard/core/catalog/timezones";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { cn } from "../lib/utils";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "./ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select";

interface TimezoneFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  /** Registration offers ten zones, settings eight (docs/product.md#accounts). */
  options: readonly TimezoneOption[];
  className?: string;
}

/** The labelled timezone select of a react-hook-form form (registration and settings), with its validation message. */
export function TimezoneField<T extends FieldValues>({ control, name, options, className }: TimezoneFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const value: string = field.value ?? "";
        // A stored zone outside the list (e.g. chosen at registration) stays selectable, named as a person reads it.
        const all = value && !options.some((o) => o.value === value) ? [...options, { value, label: timezoneLabel(value) }] : options;
        return (
          <FormItem className={cn(className)}>
            <FormLabel>Timezone</FormLabel>
            {/* Always a string: "" shows the placeholder and keeps the select controlled from the first render. */}
            <Select value={value} onValueChange={field.onChange}>
              <FormControl>
                <SelectTrigger onBlur={field.onBlur}>
                  <SelectValue placeholder="Select your timezone" />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {all.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}

/** The browser's zone when it is one of the options, else "" (the user must pick). */
export function browserTimezoneIn(options: readonly TimezoneOption[]): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return options.some((o) => o.value === zone) ? zone : "";
  } catch {
    return "";
  }
}
