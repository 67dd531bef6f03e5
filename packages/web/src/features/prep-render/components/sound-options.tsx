import { LEVEL_KINDS, LEVEL_RANGES, type LevelKind, MUSIC_UPLOAD, type MusicChoice } from "@storyboard/core/mix/schema";
import type { createRenderSchema, CreateRenderInput } from "@storyboard/core/render/schema";
import { FRAME_RATES } from "@storyboard/core/timeline/schema";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { type Control, useController } from "react-hook-form";
import type { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormField, FormItem, FormMessage } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { RadioGroup, RadioGroupItem } from "../../../components/ui/radio-group";
import { errorMessage } from "../../../lib/api";
import { formatTimecode } from "../../../lib/timecode";
import { type MusicUpload, type MusicUploadStep, useUploadMusic } from "../api/prep-render";

type FormControlOf = Control<CreateRenderInput, unknown, z.output<typeof createRenderSchema>>;

const MUSIC_LABELS: Record<MusicChoice, { label: string; description: string }> = {
  none: { label: "None", description: "Only the voices." },
  generated: { label: "Generated", description: "Soft pads we compose for each scene's mood." },
  upload: { label: "Upload", description: "Your own track (MP3, WAV or M4A, up to 20 MB), looped under the film." },
};
const LEVEL_LABELS: Record<LevelKind, string> = { dialogue: "Dialogue level", narration: "Narration level", music: "Music level" };
/** The track's length to the nearest second (119.6 s is 2:00). */
const duration = (ms: number) => formatTimecode(Math.round(ms / 1000) * 1000);

/** The button while a track is on its way: sending (with its share, once known), then the server's check. */
function pendingLabel(step: MusicUploadStep | null) {
  if (step?.step === "checking") return "Checking the track...";
  const share = step?.share;
  return share == null ? "Uploading the track..." : `Uploading the track... ${Math.floor(share * 100)} %`;
}

/** The writer's track: a file, the rights checkbox, and the server's check (docs/decisions.md#music-uploads). */
function MusicUploader({ onUploaded }: { onUploaded: (upload: MusicUpload) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [rights, setRights] = useState(false);
  const [uploaded, setUploaded] = useState<MusicUpload | null>(null);
  const upload = useUploadMusic();
  const send = async () => {
    if (!file) return;
    const result = await upload.mutateAsync({ file, rightsConfirmed: rights }).catch(() => null);
    if (result) {
      setUploaded(result);
      onUploaded(result);
    }
  };
  return (
    <div className="grid gap-3 rounded-lg border p-3">
      <Label htmlFor="music-file">Music track</Label>
      <Input
        id="music-file"
        type="file"
        accept={[...MUSIC_UPLOAD.extensions, "audio/mpeg", "audio/wav", "audio/mp4"].join(",")}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <div className="flex items-start gap-2">
        <Checkbox id="music-rights" checked={rights} onCheckedChange={(v) => setRights(v === true)} />
        <Label htmlFor="music-rights" className="text-sm leading-snug font-normal">
          I own this music or have the rights to use it in my storyboard.
        </Label>
      </div>
      <Button type="button" variant="outline" disabled={!file || !rights || upload.isPending} onClick={send}>
        {upload.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {upload.isPending ? pendingLabel(upload.step) : "Upload track"}
      </Button>
      {upload.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(upload.error)}
        </p>
      )}
      {uploaded && !upload.isError && (
        <p role="status" className="text-sm text-muted-foreground">
          {uploaded.fileName} ({duration(uploaded.durationMs)}) will play under the film.
        </p>
      )}
    </div>
  );
}

/** A level slider in dB. */
function LevelSlider({ control, kind }: { control: FormControlOf; kind: LevelKind }) {
  const { field } = useController({ control, name: `mixLevels.${kind}` });
  const { min, max } = LEVEL_RANGES[kind];
  const id = `level-${kind}`;
  const value = typeof field.value === "number" ? field.value : 0;
  return (
    // On a phone the label takes its own row: beside it the slider's own minimum width pushed the dB value off a 375 px screen.
    <div className="grid grid-cols-[minmax(0,1fr)_4rem] items-center gap-x-3 gap-y-1 sm:grid-cols-[8rem_minmax(0,1fr)_4rem] sm:gap-y-3">
      <Label htmlFor={id} className="col-span-2 sm:col-span-1">
        {LEVEL_LABELS[kind]}
      </Label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(e) => field.onChange(Number(e.target.value))}
        aria-valuetext={`${value} dB`}
        className="w-full min-w-0 accent-primary"
      />
      <span className="text-right text-sm tabular-nums">{value > 0 ? `+${value}` : value} dB</span>
    </div>
  );
}

/** Music under the voices, the three levels (docs/decisions.md#the-sound-mix), and the timelines' frame rate. */
export function SoundOptions({ control, setUploadId }: { control: FormControlOf; setUploadId: (id: string) => void }) {
  const music = useController({ control, name: "music" });
  const choice = (music.field.value ?? "none") as MusicChoice;
  return (
    <div className="flex flex-col gap-5">
      <FormItem>
        <RadioGroup value={choice} onValueChange={music.field.onChange} aria-label="Music" className="grid gap-2 sm:grid-cols-3">
          {(Object.keys(MUSIC_LABELS) as MusicChoice[]).map((value) => (
            <Label key={value} htmlFor={`music-${value}`} className="cursor-pointer items-start gap-3 rounded-lg border p-3 leading-normal font-normal">
              <RadioGroupItem id={`music-${value}`} value={value} className="mt-0.5" />
              <span className="flex flex-col gap-0.5">
                <span className="font-medium">{MUSIC_LABELS[value].label}</span>
                <span className="text-xs text-muted-foreground">{MUSIC_LABELS[value].description}</span>
              </span>
            </Label>
          ))}
        </RadioGroup>
      </FormItem>
      {choice === "upload" && (
        <FormField
          control={control}
          name="musicUploadId"
          render={() => (
            <FormItem>
              <MusicUploader onUploaded={(u) => setUploadId(u.musicUploadId)} />
              <FormMessage />
            </FormItem>
          )}
        />
      )}
      <div className="grid gap-3">
        {LEVEL_KINDS.filter((kind) => kind !== "music" || choice !== "none").map((kind) => (
          <LevelSlider key={kind} control={control} kind={kind} />
        ))}
      </div>
      <FormField
        control={control}
        name="timelineFps"
        render={({ field }) => (
          <FormItem>
            <Label id="fps-label">Frame rate of the editing timelines</Label>
            <RadioGroup value={field.value ?? "25"} onValueChange={field.onChange} aria-labelledby="fps-label" className="flex flex-wrap gap-4">
              {FRAME_RATES.map((rate) => (
                <Label key={rate} htmlFor={`fps-${rate}`} className="cursor-pointer gap-2 font-normal">
                  <RadioGroupItem id={`fps-${rate}`} value={rate} />
                  {rate} fps
                </Label>
              ))}
            </RadioGroup>
          </FormItem>
        )}
      />
    </div>
  );
}
