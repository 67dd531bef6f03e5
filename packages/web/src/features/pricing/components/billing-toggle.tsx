import { cn } from "../../../lib/utils";
import type { Interval } from "../utils/plan-display";

/** The monthly/annual switch: two pressed-state buttons, reachable and operable by keyboard. */
export function BillingToggle({ value, onChange, savings }: { value: Interval; onChange: (v: Interval) => void; savings: number }) {
  const option = (interval: Interval, label: string) => (
    <button
      type="button"
      aria-pressed={value === interval}
      onClick={() => onChange(interval)}
      className={cn(
        "rounded-full px-4 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        value === interval ? "bg-primary text-primary-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-col items-center gap-2">
      <div role="group" aria-label="Billing period" className="inline-flex rounded-full border bg-muted/50 p-1">
        {option("month", "Monthly")}
        {option("year", "Annual")}
      </div>
      {savings > 0 && <p className="text-sm font-medium text-primary">Save up to {savings}% with annual billing</p>}
    </div>
  );
}
