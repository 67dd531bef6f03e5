import { Button } from "../../../components/ui/button";

/** 'Show all' under a review list that shows the new and changed items first (utils/changed-first.ts). */
export function ShowAllToggle({ showAll, onChange, what }: { showAll: boolean; onChange: (showAll: boolean) => void; what: string }) {
  return (
    <Button variant="outline" size="sm" className="self-start" aria-pressed={showAll} onClick={() => onChange(!showAll)}>
      {showAll ? `Show only new and changed ${what}` : "Show all"}
    </Button>
  );
}
