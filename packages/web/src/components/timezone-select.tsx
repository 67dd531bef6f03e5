import type { TimezoneOption } from "@storyboard/core/catalog/timezones";
import { FormControl } from "./ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select";

/** A timezone picker inside a react-hook-form <FormItem>. */
export function TimezoneSelect({
  options,
  value,
  onChange,
  disabled,
}: {
  options: readonly TimezoneOption[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  // A stored zone outside the list (e.g. chosen at registration) stays selectable.
  const all = value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return (
    <Select value={value || undefined} onValueChange={onChange} disabled={disabled}>
      <FormControl>
        <SelectTrigger>
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
