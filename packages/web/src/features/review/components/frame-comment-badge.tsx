import { useOpenThreadCounts } from "../api/owner";

/** The count of open comment threads on one frame of the owner's render; nothing when there are none. */
export function FrameCommentBadge({ renderId, blockId }: { renderId: string; blockId: string }) {
  const { data: counts } = useOpenThreadCounts(renderId);
  const open = counts?.get(blockId) ?? 0;
  if (!open) return null;
  return (
    <span className="pointer-events-none absolute top-1 right-1 z-10 min-w-5 rounded-full bg-primary px-1.5 text-center text-[11px] leading-5 font-semibold text-primary-foreground shadow">
      {open}
      <span className="sr-only"> open {open === 1 ? "comment" : "comments"}</span>
    </span>
  );
}
