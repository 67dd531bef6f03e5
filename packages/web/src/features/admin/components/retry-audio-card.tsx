import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { useRetryFailedAudio } from "../api/retry-audio";

export function RetryAudioCard() {
  const [renderJobId, setRenderJobId] = useState("");
  const retry = useRetryFailedAudio();
  const id = renderJobId.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!id) {
      toast({ variant: "destructive", title: "Error", description: "Please enter a render job ID" });
      return;
    }
    retry.mutate(id);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Retry failed audio</CardTitle>
        <CardDescription>Regenerates the narration of every block whose audio failed in one render job.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2">
            <Label htmlFor="retry-render-job-id">Render job ID</Label>
            <Input id="retry-render-job-id" value={renderJobId} onChange={(e) => setRenderJobId(e.target.value)} className="font-mono" />
          </div>
          <Button type="submit" disabled={!id || retry.isPending}>
            {retry.isPending ? "Processing..." : "Retry Failed Audio"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
