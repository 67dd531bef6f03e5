import { lazy, Suspense, useState } from "react";
import type { ModerationReport } from "../utils/moderation-report";

// The dialogs (a form, its schema, Radix) load when first opened, not with the dashboard (docs/decisions.md#web-performance).
const loadUploadDialog = () => import("./upload-dialog");
const UploadDialog = lazy(() => loadUploadDialog().then((m) => ({ default: m.UploadDialog })));
const ModerationDialog = lazy(() => import("./moderation-dialog").then((m) => ({ default: m.ModerationDialog })));

/** Starts loading the upload dialog's code, e.g. when the pointer reaches an upload button. */
export const preloadUploadDialog = () => void loadUploadDialog();

/**
 * The upload dialog and, when moderation refuses the file, the violation dialog
 * that can send the user back to a fresh upload dialog.
 */
export function UploadScreenplay({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [blocked, setBlocked] = useState<{ report: ModerationReport; fileName: string } | null>(null);
  // Once opened, each dialog stays mounted, so it can animate closed and keep its state.
  const [uploadUsed, setUploadUsed] = useState(open);
  const [moderationUsed, setModerationUsed] = useState(false);
  if (open && !uploadUsed) setUploadUsed(true);
  if (blocked && !moderationUsed) setModerationUsed(true);

  return (
    <Suspense fallback={null}>
      {uploadUsed && (
        <UploadDialog
          open={open}
          onOpenChange={onOpenChange}
          onModerationBlocked={(report, fileName) => setBlocked({ report, fileName })}
        />
      )}
      {moderationUsed && (
        <ModerationDialog
          report={blocked?.report ?? null}
          fileName={blocked?.fileName}
          onClose={() => setBlocked(null)}
          onTryAgain={() => {
            setBlocked(null);
            onOpenChange(true);
          }}
        />
      )}
    </Suspense>
  );
}
