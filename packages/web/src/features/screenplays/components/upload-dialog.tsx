import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Upload } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { Progress } from "../../../components/ui/progress";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/api";
import { moderationReportOf, useUploadScreenplay } from "../api/mutations";
import { useSimulatedProgress } from "../hooks/use-simulated-progress";
import type { ModerationReport } from "../utils/moderation-report";
import { titleFromFileName } from "../utils/upload-file";
import { FileDropZone } from "./file-drop-zone";

/** How long the full bar stays on screen before the new screenplay opens. */
const DONE_PAUSE_MS = 300;

/** The server refuses longer titles. */
const MAX_TITLE_LENGTH = 200;

export const RIGHTS_LABEL = "I own the rights or have permission";

const uploadSchema = z.object({
  file: z.custom<File | null>((value) => value instanceof File, "Please choose a screenplay file."),
  title: z.string().trim().max(MAX_TITLE_LENGTH, `The title must be ${MAX_TITLE_LENGTH} characters or fewer.`),
  rights: z.boolean().refine((value) => value, "Please confirm that you own the rights or have permission."),
});

type UploadValues = z.input<typeof uploadSchema>;

const EMPTY: UploadValues = { file: null, title: "", rights: false };

interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A 403 with a moderation report: the caller shows the violation dialog. */
  onModerationBlocked: (report: ModerationReport, fileName: string) => void;
}

/** docs/product.md#screenplays Upload dialog: file box, optional title, rights checkbox, simulated progress. */
export function UploadDialog({ open, onOpenChange, onModerationBlocked }: UploadDialogProps) {
  const navigate = useNavigate();
  const upload = useUploadScreenplay();
  const { progress, start, complete, reset: resetProgress } = useSimulatedProgress();
  const form = useForm<UploadValues>({ resolver: zodResolver(uploadSchema), defaultValues: EMPTY });
  const [file, rights] = useWatch({ control: form.control, name: ["file", "rights"] });
  const [finishing, setFinishing] = useState(false);
  const uploading = upload.isPending || finishing;

  const resetAll = () => {
    form.reset(EMPTY);
    resetProgress();
    upload.reset();
    setFinishing(false);
  };

  const changeOpen = (next: boolean) => {
    if (uploading) return; // The request is on its way; closing now would lose its answer.
    if (!next) resetAll();
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const chosen = values.file as File;
    start();
    try {
      // Left empty, the server names it from the screenplay's title page, else the file name (docs/decisions.md).
      const { id } = await upload.mutateAsync({ file: chosen, title: values.title?.trim() ?? "" });
      complete();
      setFinishing(true);
      await new Promise((resolve) => setTimeout(resolve, DONE_PAUSE_MS));
      resetAll();
      onOpenChange(false);
      navigate(`/screenplays/${id}`);
    } catch (error) {
      resetProgress();
      const report = moderationReportOf(error);
      if (report) {
        resetAll();
        onOpenChange(false);
        onModerationBlocked(report, chosen.name);
        return;
      }
      toast({ variant: "destructive", title: "Upload failed", description: errorMessage(error) });
    }
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-lg" showClose={!uploading} onInteractOutside={(e) => uploading && e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Upload Screenplay</DialogTitle>
          <DialogDescription>Upload a screenplay file to turn it into a storyboard.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} className="grid min-w-0 gap-5" noValidate>
            <FormField
              control={form.control}
              name="file"
              render={({ field, fieldState }) => (
                <FormItem>
                  <FileDropZone
                    file={field.value ?? null}
                    onFileChange={(next) => field.onChange(next)}
                    disabled={uploading}
                    invalid={!!fieldState.error}
                  />
                  <FormMessage />
                </FormItem>
              )}
            />
            {progress !== null && (
              <div className="grid gap-1.5">
                <div className="flex justify-between text-xs text-muted-foreground">
                  <span>{progress >= 100 ? "Uploaded" : "Uploading..."}</span>
                  <span className="tabular-nums">{progress}%</span>
                </div>
                <Progress value={progress} aria-label="Upload progress" />
              </div>
            )}
            <FormField
              control={form.control}
              name="title"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    Title <span className="font-normal text-muted-foreground">(optional)</span>
                  </FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      maxLength={MAX_TITLE_LENGTH}
                      disabled={uploading}
                      placeholder={
                        file ? `From the title page, else "${titleFromFileName(file.name)}"` : "From the title page, else the file name"
                      }
                      aria-describedby="upload-title-hint"
                    />
                  </FormControl>
                  <p id="upload-title-hint" className="text-xs text-muted-foreground">
                    Leave it empty to use the title on your screenplay&apos;s title page (or the file name if it has none).
                  </p>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="rights"
              render={({ field }) => (
                <FormItem className="flex flex-row items-center gap-2">
                  <FormControl>
                    <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} disabled={uploading} />
                  </FormControl>
                  <FormLabel className="leading-snug font-normal">{RIGHTS_LABEL}</FormLabel>
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button variant="outline" onClick={() => changeOpen(false)} disabled={uploading}>
                Cancel
              </Button>
              <Button type="submit" disabled={!file || !rights || uploading}>
                {uploading ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
                {finishing ? "Uploaded" : uploading ? "Uploading..." : "Upload"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
