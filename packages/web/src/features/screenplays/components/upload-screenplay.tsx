import { useState } from "react";
import type { ModerationReport } from "../utils/moderation-report";
import { ModerationDialog } from "./moderation-dialog";
import { UploadDialog } from "./upload-dialog";

/**
 * The upload dialog and, when moderation refuses the file, the violation dialog
 * that can send the user back to a fresh upload dialog.
 */
export function UploadScreenplay({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [blocked, setBlocked] = useState<{ report: ModerationReport; fileName: string } | null>(null);

  return (
    <>
      <UploadDialog open={open} onOpenChange={onOpenChange} onModerationBlocked={(report, fileName) => setBlocked({ report, fileName })} />
      <ModerationDialog
        report={blocked?.report ?? null}
        fileName={blocked?.fileName}
        onClose={() => setBlocked(null)}
        onTryAgain={() => {
          setBlocked(null);
          onOpenChange(true);
        }}
      />
    </>
  );
}
