import { ACCEPTED_EXTENSIONS } from "@storyboard/core/screenplay/constants";
import { FileText, UploadCloud, X } from "lucide-react";
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { cn } from "../../../lib/utils";
import { formatFileSize } from "../utils/format-file-size";
import { checkScreenplayFile, MAX_UPLOAD_MB } from "../utils/upload-file";

interface FileDropZoneProps {
  file: File | null;
  onFileChange: (file: File | null) => void;
  disabled?: boolean;
  invalid?: boolean;
}

/** The upload dialog's file box: click (or Enter/Space) to browse, or drop a file on it. */
export function FileDropZone({ file, onFileChange, disabled, invalid }: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    const problem = checkScreenplayFile(picked);
    if (problem) {
      toast({ variant: "destructive", ...problem });
      return;
    }
    onFileChange(picked);
  };

  const browse = () => {
    if (!disabled) inputRef.current?.click();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      browse();
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files?.[0]);
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };

  return (
    <div className="grid gap-2">
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPTED_EXTENSIONS}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="screenplay-file-input"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          // Let the same file be picked again after it is removed.
          event.target.value = "";
        }}
      />
      {file ? (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
            <FileText className="size-4" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" title={file.name}>
              {file.name}
            </p>
            <p className="text-xs text-muted-foreground">{formatFileSize(file.size)}</p>
          </div>
          <Button variant="ghost" size="icon" onClick={() => onFileChange(null)} disabled={disabled} aria-label="Remove file">
            <X />
          </Button>
        </div>
      ) : (
        <div
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-disabled={disabled}
          aria-describedby={hintId}
          aria-invalid={invalid}
          onClick={browse}
          onKeyDown={onKeyDown}
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50",
            dragging && "border-primary bg-primary/5",
            invalid && "border-destructive",
            disabled && "pointer-events-none opacity-50",
          )}
        >
          <UploadCloud className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium">
            <span className="text-primary">Choose a file</span> or drag it here
          </p>
          <p id={hintId} className="text-xs text-muted-foreground">
            {ACCEPTED_EXTENSIONS.split(",").join(", ")} up to {MAX_UPLOAD_MB} MB
          </p>
        </div>
      )}
    </div>
  );
}
