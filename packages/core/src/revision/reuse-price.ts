import { WORDS_PER_PAGE } from "../screenplay/constants";
import { countWords } from "../screenplay/pages";
import type { Block } from "../screenplay/types";
import { POINTS_PER_PAGE, renderCost } from "../render/pricing";
import { NARRATOR_KEY } from "../render/schema";
import { blockKey } from "./diff";

/** A block of an earlier render as the price needs it. */
export interface RenderedBlock {
  type: string;
  text: string;
  character?: string | null;
  sceneHeading: string;
  voiceId?: string | null;
  hasImage: boolean;
  hasAudio: boolean;
}

export interface EarlierRender {
  renderJobId: string;
  version: number;
  style: string;
  blocks: RenderedBlock[];
}

export interface ReuseQuote {
  /** Blocks that get an image and a line of speech. */
  blocks: number;
  reused: number;
  newWords: number;
  cost: number;
  fullCost: number;
  from: { renderJobId: string; version: number } | null;
  /** The media blocks made anew (new or changed since `from`): the review steps show them first. Empty without `from`. */
  newBlockIds: string[];
}

/** Blocks with their own image and speech (as render/jobs.ts `hasMedia`). */
const MEDIA_TYPES = new Set(["scene_heading", "action", "dialogue", "shot", "general"]);
const hasMedia = (b: { type: string; text: string }) => MEDIA_TYPES.has(b.type) && b.text.trim().length > 0;

/** What a block's image and speech depend on that is known before the render describes anything. */
const reuseKey = (b: { type: string; text: string; character?: string | null }, sceneHeading: string, style: string, voiceId: string) =>
  `${style}\u0000${voiceId}\u0000${sceneHeading}\u0000${blockKey({ type: b.type as Block["type"], text: b.text, character: b.character ?? undefined })}`;

/**
 * The price of a render that reuses (docs/decisions.md#revised-drafts): a
 * block whose text, speaker, voice, style and scene heading are unchanged since
 * one of the writer's renders that made its image and speech is reused; the
 * new and changed blocks are charged at the per-page rate for their words,
 * rounded up to whole pages, never more than the full price. The best earlier
 * render (the one that reuses most) is named.
 */
export function quoteReuse(input: {
  blocks: Block[];
  pageCount: number;
  style: string;
  characterVoices: Record<string, { voiceId: string }>;
  earlier: EarlierRender[];
}): ReuseQuote {
  const fullCost = renderCost(input.pageCount);
  const voiceOf = (b: Block) =>
    (b.character && input.characterVoices[b.character]?.voiceId) || input.characterVoices[NARRATOR_KEY]?.voiceId || "";
  let heading = "";
  const media: { block: Block; key: string }[] = [];
  for (const b of input.blocks) {
    if (b.type === "scene_heading") heading = b.text;
    if (hasMedia(b)) media.push({ block: b, key: reuseKey(b, heading, input.style, voiceOf(b)) });
  }
  let best: { render: EarlierRender; reusable: Set<string> } | null = null;
  let bestCount = 0;
  for (const render of input.earlier) {
    if (render.style !== input.style) continue;
    const made = new Set(
      render.blocks.filter((b) => b.hasImage && b.hasAudio).map((b) => reuseKey(b, b.sceneHeading, render.style, b.voiceId ?? "")),
    );
    const count = media.filter((m) => made.has(m.key)).length;
    if (count > bestCount) {
      best = { render, reusable: made };
      bestCount = count;
    }
  }
  if (!best) return { blocks: media.length, reused: 0, newWords: 0, cost: fullCost, fullCost, from: null, newBlockIds: [] };
  const made = media.filter((m) => !best.reusable.has(m.key));
  const newWords = made.reduce((sum, m) => sum + countWords(m.block.text), 0);
  const pages = Math.max(1, Math.ceil(newWords / WORDS_PER_PAGE));
  return {
    blocks: media.length,
    reused: bestCount,
    newWords,
    cost: Math.min(fullCost, pages * POINTS_PER_PAGE),
    fullCost,
    from: { renderJobId: best.render.renderJobId, version: best.render.version },
    newBlockIds: made.map((m) => m.block.id),
  };
}
