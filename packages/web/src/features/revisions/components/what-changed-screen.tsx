import { AlertCircle, ArrowLeft, FileQuestion } from "lucide-react";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { PageSpinner } from "../../../components/ui/spinner";
import { ApiError, errorMessage } from "../../../lib/api";
import { useDraftDiff, useDrafts } from "../api/revisions";
import { countsSentence } from "../utils/counts";
import { SceneChangeRow } from "./scene-change";
import { formatCount } from "../../../lib/numbers";

function DraftSelect({
  label,
  value,
  versions,
  onChange,
}: {
  label: string;
  value: number;
  versions: number[];
  onChange: (v: number) => void;
}) {
  return (
    <Select value={String(value)} onValueChange={(v) => onChange(Number(v))}>
      <SelectTrigger className="w-32" aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {versions.map((v) => (
          <SelectItem key={v} value={String(v)}>
            Draft {v}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** /screenplays/:id/changes?from=N&to=M: what changed between two drafts, in revision style. */
export function WhatChangedScreen() {
  const { id = "" } = useParams();
  const [search, setSearch] = useSearchParams();
  const drafts = useDrafts(id);
  const versions = (drafts.data ?? []).map((d) => d.version).sort((a, b) => a - b);
  const to = Number(search.get("to")) || versions[versions.length - 1] || 0;
  const from = Number(search.get("from")) || versions[versions.length - 2] || 0;
  const diff = useDraftDiff(id, from, to, drafts.isSuccess);
  const [showAll, setShowAll] = useState(false);

  const back = (
    <Button asChild variant="ghost" size="sm" className="mb-4 -ml-3 w-fit">
      <Link to={`/screenplays/${id}`}>
        <ArrowLeft aria-hidden /> Screenplay
      </Link>
    </Button>
  );
  if (drafts.isPending) return <PageSpinner label="Loading drafts" />;
  if (drafts.isError) {
    // Said as the screenplay's own page says it; its 'Screenplay' back link would lead to the same dead end.
    const notFound = drafts.error instanceof ApiError && drafts.error.status === 404;
    return (
      <EmptyState
        icon={notFound ? FileQuestion : AlertCircle}
        title={notFound ? "Screenplay not found" : "Could not load the drafts"}
        description={notFound ? "It may have been deleted, or it belongs to another account." : errorMessage(drafts.error)}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {!notFound && (
              <Button variant="outline" onClick={() => drafts.refetch()}>
                Try again
              </Button>
            )}
            <Button asChild>
              <Link to="/dashboard">Back to Dashboard</Link>
            </Button>
          </div>
        }
      />
    );
  }
  if (versions.length < 2)
    return (
      <div>
        {back}
        <p>This screenplay has one draft. Upload a revised draft to see what changed.</p>
      </div>
    );

  const scenes = diff.data?.scenes ?? [];
  const shown = showAll ? scenes : scenes.filter((s) => s.state !== "unchanged");
  const choose = (key: "from" | "to", v: number) =>
    setSearch({ from: String(key === "from" ? v : from), to: String(key === "to" ? v : to) }, { replace: true });

  return (
    <div>
      {back}
      <PageHeader
        title="What changed"
        description={diff.data ? countsSentence(diff.data.counts) : `Draft ${from} to draft ${to}`}
        actions={
          <div className="flex items-center gap-2 text-sm">
            <DraftSelect label="Earlier draft" value={from} versions={versions} onChange={(v) => choose("from", v)} />
            <span aria-hidden>→</span>
            <DraftSelect label="Later draft" value={to} versions={versions} onChange={(v) => choose("to", v)} />
          </div>
        }
      />
      <Card>
        <CardContent>
          {diff.isPending && <PageSpinner label="Comparing drafts" />}
          {diff.isError && <p className="text-destructive">{errorMessage(diff.error)}</p>}
          {diff.data && (
            <>
              {shown.length === 0 && <p className="text-sm text-muted-foreground">No scene changed between these drafts.</p>}
              <ul className="divide-y" aria-label="Scenes">
                {shown.map((scene, i) => (
                  <SceneChangeRow key={`${scene.fromNumber}-${scene.toNumber}-${i}`} scene={scene} />
                ))}
              </ul>
              {scenes.length > shown.length || showAll ? (
                <Button variant="outline" className="mt-4" onClick={() => setShowAll(!showAll)}>
                  {showAll ? "Show only changes" : `Show all ${formatCount(scenes.length)} scenes`}
                </Button>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
