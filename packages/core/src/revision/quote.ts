import { getAspect } from "../catalog/aspects";
import { db } from "../dynamo/service";
import { getRenderBlocks } from "../render/jobs";
import { hasAssets, type RenderStatus } from "../render/status";
import { getOwnScreenplay, loadBlocks, type ScreenplayItem } from "../screenplay/records";
import { quoteReuse, type EarlierRender } from "./reuse-price";

/** Renders whose images and speech all exist: the ones a new render can reuse from. */
const MADE_ITS_ASSETS: RenderStatus[] = ["assets_ready", "rendering", "compiling", "complete"];

async function earlierRenders(screenplayId: string): Promise<EarlierRender[]> {
  const { data } = await db.entities.renderJob.query.byScreenplay({ screenplayId }).go({ pages: "all", order: "desc" });
  const usable = data.filter((r) => MADE_ITS_ASSETS.includes(r.status as RenderStatus) || hasAssets(r.status as RenderStatus)).slice(0, 5);
  return Promise.all(
    usable.map(async (r) => {
      const blocks = await getRenderBlocks(r.renderJobId);
      const headings = new Map(blocks.filter((b) => b.type === "scene_heading").map((b) => [b.blockId, b.text]));
      return {
        renderJobId: r.renderJobId,
        version: r.screenplayVersion ?? 1,
        style: lookOf(r.style, r.aspect),
        blocks: blocks.map((b) => ({
          type: b.type,
          text: b.text,
          character: b.character,
          sceneHeading: (b.sceneId && headings.get(b.sceneId)) || "",
          voiceId: b.voiceId,
          hasImage: (b.imageUrl?.length ?? 0) > 0,
          hasAudio: Boolean(b.audioUrl),
        })),
      };
    }),
  );
}

type Voices = Record<string, { voiceId: string }>;

/** A frame is reused only at the same style and aspect (the image's content key holds both). */
const lookOf = (style: string, aspect: string | null | undefined) => `${style}|${getAspect(aspect).id}`;

/** What a render of the screenplay's current draft costs with these voices and style, reusing the writer's earlier renders of it. */
export async function quoteForScreenplay(s: ScreenplayItem, style: string, voices: Voices, aspect?: string) {
  return quoteReuse({
    blocks: s.status === "ready" ? await loadBlocks(s) : [],
    pageCount: s.pageCount ?? 1,
    style: lookOf(style, aspect),
    characterVoices: voices,
    earlier: await earlierRenders(s.screenplayId),
  });
}

/** Prepare Render's quote: the voices the writer chose over those carried from earlier drafts. */
export async function quoteRender(screenplayId: string, choice: { style: string; characterVoices: Voices; aspect?: string }) {
  const s = await getOwnScreenplay(screenplayId);
  return quoteForScreenplay(s, choice.style, { ...((s.characterVoices ?? {}) as Voices), ...choice.characterVoices }, choice.aspect);
}
