/**
 * Where a comment made on one render shows on a later render of the same
 * screenplay (docs/decisions.md#comments-follow-their-block). A comment is
 * anchored to its block's content key: the block's type, speaker and words
 * (revision/diff.ts blockKey), never its id or position, which a new draft
 * shifts. On the later render:
 * - a block with the same key takes the comment (the nearest to where it was,
 *   when several blocks read the same): not outdated;
 * - otherwise the block the draft comparison pairs it with as changed
 *   (diffBlocks) takes it, marked outdated;
 * - otherwise (the block was removed) the comment keeps no block, marked outdated.
 */
import { createHash } from "node:crypto";
import { blockKey, diffBlocks } from "../revision/diff";
import type { Block } from "../screenplay/types";

export interface AnchorBlock {
  blockId: string;
  type: string;
  text: string;
  character?: string | null;
}

/** The content key a comment keeps of its block. */
export const blockContentKey = (b: Pick<AnchorBlock, "type" | "text" | "character">) =>
  createHash("sha256")
    .update(blockKey({ type: b.type as Block["type"], text: b.text, character: b.character ?? undefined }))
    .digest("hex")
    .slice(0, 32);

export interface CommentAnchor {
  blockId?: string | null;
  blockKey?: string | null;
  blockIndex?: number | null;
}

export interface CarriedAnchor {
  blockId: string | null;
  outdated: boolean;
}

const asDiffBlock = (b: AnchorBlock): Block => ({ id: b.blockId, type: b.type as Block["type"], text: b.text, character: b.character ?? undefined }) as Block;

/** Maps anchors made on `from` (an earlier render's blocks, in order) onto `to` (the later render's). */
export function carryAnchors(anchors: CommentAnchor[], from: AnchorBlock[], to: AnchorBlock[]): CarriedAnchor[] {
  const byKey = new Map<string, number[]>();
  to.forEach((b, i) => {
    const key = blockContentKey(b);
    byKey.set(key, [...(byKey.get(key) ?? []), i]);
  });
  let changedTo: Map<string, string> | undefined;
  const changedPairs = () => {
    changedTo ??= new Map(
      diffBlocks(from.map(asDiffBlock), to.map(asDiffBlock))
        .filter((c) => c.state === "changed" && c.fromId && c.toId)
        .map((c) => [c.fromId!, c.toId!]),
    );
    return changedTo;
  };
  const fromIndex = new Map(from.map((b, i) => [b.blockId, i]));
  return anchors.map((anchor) => {
    if (!anchor.blockId) return { blockId: null, outdated: false };
    const was = anchor.blockIndex ?? fromIndex.get(anchor.blockId) ?? 0;
    const key = anchor.blockKey ?? blockKeyOf(from, anchor.blockId);
    const same = key ? byKey.get(key) : undefined;
    if (same?.length) {
      const nearest = same.reduce((best, i) => (Math.abs(i - was) < Math.abs(best - was) ? i : best));
      return { blockId: to[nearest].blockId, outdated: false };
    }
    return { blockId: changedPairs().get(anchor.blockId) ?? null, outdated: true };
  });
}

function blockKeyOf(blocks: AnchorBlock[], blockId: string) {
  const block = blocks.find((b) => b.blockId === blockId);
  return block ? blockContentKey(block) : undefined;
}
