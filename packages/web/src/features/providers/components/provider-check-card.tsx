import { formatDistanceToNow } from "date-fns";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { useProviderCheck, type ProviderFinding } from "../api/provider-check";

const LEVEL_LABEL: Record<ProviderFinding["level"], string> = { ok: "OK", warning: "Warning", error: "Will fail" };
const LEVEL_VARIANT = { ok: "secondary", warning: "outline", error: "destructive" } as const;

/** Admin Fixes: the last hourly check of the cloud providers' keys, models and plan (`npx storyboard doctor` runs the same check). */
export function ProviderCheckCard() {
  const check = useProviderCheck();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cloud providers</CardTitle>
        <CardDescription>The last hourly check of the OpenAI and ElevenLabs keys, models and plan.</CardDescription>
      </CardHeader>
      <CardContent>
        {check.isPending ? (
          <Skeleton className="h-16 w-full" aria-busy="true" />
        ) : check.isError ? (
          <p className="text-sm text-muted-foreground">The provider check could not be loaded.</p>
        ) : !check.data ? (
          <p className="text-sm text-muted-foreground">No check has run yet.</p>
        ) : (
          <div className="grid gap-3">
            <p className="text-sm">
              <Badge variant={LEVEL_VARIANT[check.data.level]}>{LEVEL_LABEL[check.data.level]}</Badge>{" "}
              <span className="text-muted-foreground">checked {formatDistanceToNow(new Date(check.data.checkedAt), { addSuffix: true })}</span>
            </p>
            <ul className="grid gap-2 text-sm">
              {check.data.findings.map((f, i) => (
                <li key={i} className="flex gap-2">
                  <Badge variant={LEVEL_VARIANT[f.level]}>{LEVEL_LABEL[f.level]}</Badge>
                  <span className="break-words">{f.message}</span>
                </li>
              ))}
              {check.data.offline.map((line) => (
                <li key={line} className="text-muted-foreground">
                  {line}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
