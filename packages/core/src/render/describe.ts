import { shotsOf } from "../board/shots";
import { assertCommitted, commitWithRetry } from "../dynamo/transaction";
import { blocksChanged } from "./block-snapshot";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { providers } from "../provider/registry";
import type { StyleId } from "../catalog/styles";
import type { Block, CharacterDictionary, SceneInfo } from "../screenplay/types";
import { getRenderBlocks, getRenderJob, hasMedia, type RenderBlockItem } from "./jobs";
import { startPhase } from "./phases";
import type { RenderStatus } from "./status";
import { presentInBlocks } from "./characters-in-block";
import { mapWithLimit } from "./concurrency";
import { withRetries } from "./retry";
import { addCharacterReferences } from "./character-references";
import { sceneContinuity } from "./continuity";
import { characterFacts, sceneFacts, sceneIdsInScriptOrder, type SceneFacts } from "./story-facts";
import { castOrder } from "./cast-order";
import { type DescribedScenes, screenplaySnapshotOf } from "./screenplay-snapshot";

/** Text requests in flight at once: a cloud model answers in seconds, and a feature has hundreds of blocks. */
const TEXT_CONCURRENCY = 8;

const asBlock = (b: RenderBlockItem): Block => ({ id: b.blockId, type: b.type as Block["type"], text: b.text, character: b.character });

/**
 * The describe phase: a description for every character and scene (kept when
 * the user already wrote one) and an image prompt per block in the render's style.
 */
export async function describeRender(renderJobId: string) {
  const job = await getRenderJob(renderJobId);
  if (job.status !== "queued") return { renderJobId, skipped: true };
  const blocks = await getRenderBlocks(renderJobId);
  const plain = blocks.map(asBlock);
  const snapshot = screenplaySnapshotOf(job);
  const text = providers().text;

  const characters = Object.entries(snapshot.characterDictionary ?? {});
  const characterDescriptions = await mapWithLimit(characters, TEXT_CONCURRENCY, ([name, character]) =>
    character.description
      ? Promise.resolve(character.description)
      : withRetries(() => text.describeCharacter({ name, character, blocks: plain, facts: characterFacts(name, character, plain) })),
  );
  const described: CharacterDictionary = Object.fromEntries(
    characters.map(([name, character], i) => [name, { ...character, description: characterDescriptions[i] }]),
  );
  // Made once, before the writer reviews the descriptions; every cloud frame of a character is drawn from it.
  const characterDictionary = await addCharacterReferences(job, described, castOrder(described));
  // Script order: the review screen lists them as the writer wrote them.
  const scenes = sceneIdsInScriptOrder(snapshot.sceneDictionary).map(
    (id) => [id, snapshot.sceneDictionary[id]] as [string, SceneInfo & { description?: string }],
  );
  // In order: a scene that continues the one before reads that scene's facts (its time, its weather).
  const continuity = sceneContinuity(
    scenes.map(([id]) => id),
    snapshot.sceneDictionary,
  );
  const facts: SceneFacts[] = [];
  scenes.forEach(([sceneId, scene], index) => {
    const own = plain.filter((_, i) => blocks[i].sceneId === sceneId);
    facts.push(sceneFacts(index + 1, scene, own, continuity[sceneId], facts[index - 1]));
  });
  const sceneDescriptions = await mapWithLimit(scenes, TEXT_CONCURRENCY, ([sceneId, scene], index) => {
    if (scene.description) return Promise.resolve(scene.description);
    const own = plain.filter((_, i) => blocks[i].sceneId === sceneId);
    return withRetries(() => text.describeScene({ scene, blocks: own, facts: facts[index] }));
  });
  const sceneDictionary: DescribedScenes = Object.fromEntries(
    scenes.map(([id, scene], i) => [id, { ...scene, description: sceneDescriptions[i], continuity: continuity[id] }]),
  );
  await writeImagePrompts(renderJobId, "queued", blocks, job.style as StyleId, characterDictionary, sceneDictionary);
  const next = job.previewDescriptionsBeforeFirstImages ? "descriptions_ready" : "generating_assets";
  await db.entities.renderJob
    .patch({ renderJobId })
    .set({ screenplaySnapshot: { ...snapshot, characterDictionary, sceneDictionary }, status: next })
    .where(({ status }, { eq }) => eq(status, "queued"))
    .go();
  if (next === "generating_assets") await startPhase("generate", renderJobId);
  return { renderJobId, status: next };
}

/** Prompt writes per transaction: DynamoDB allows 100 items, one of them the status check. */
const PROMPTS_PER_TRANSACTION = 99;

/**
 * (Re)writes every media block's image prompt from the current descriptions.
 * Only the prompts change (never a block's images or audio), and only while
 * the render is still in `whileStatus`: each write carries that check, so a
 * render that moved on (or was failed) keeps what it has.
 */
export async function writeImagePrompts(
  renderJobId: string,
  whileStatus: RenderStatus,
  blocks: RenderBlockItem[],
  style: StyleId,
  characterDictionary: CharacterDictionary,
  sceneDictionary: DescribedScenes,
) {
  const text = providers().text;
  const names = Object.keys(characterDictionary);
  // Each block's shot is stored beside its prompt: derived once, then kept (the writer may have chosen it).
  const shots = shotsOf(blocks, names);
  // Who each frame shows is read with the whole script in view (a voice-over line shows the scene, not its speaker), and stored for the frame.
  const inFrame = new Map(presentInBlocks(blocks, names).map((present, i) => [blocks[i].blockId, present]));
  const prompts = await mapWithLimit(blocks.filter(hasMedia), TEXT_CONCURRENCY, async (b) => {
    const scene = b.sceneId ? sceneDictionary[b.sceneId] : undefined;
    const present = inFrame.get(b.blockId) ?? [];
    const characters = present.map((name) => ({ name, description: characterDictionary[name]?.description ?? "" }));
    const shot = shots.get(b.blockId)!;
    return {
      blockId: b.blockId,
      shot,
      present,
      imagePrompt: await withRetries(() => text.imagePrompt({ block: asBlock(b), style, scene, characters, shot })),
    };
  });
  for (let i = 0; i < prompts.length; i += PROMPTS_PER_TRANSACTION) {
    const chunk = prompts.slice(i, i + PROMPTS_PER_TRANSACTION);
    const result = await commitWithRetry(() =>
      db.transaction
        .write((tx) => [
          tx.renderJob
            .check({ renderJobId })
            .where(({ status }, { eq }) => eq(status, whileStatus))
            .commit(),
          ...chunk.map(({ blockId, imagePrompt, shot, present }) =>
            tx.renderBlock.patch({ renderJobId, blockId }).set({ imagePrompt, shot, present }).commit(),
          ),
        ])
        .go(),
    );
    assertCommitted(result, { 0: AppError.conflict("The render has moved on, so its image prompts were not changed.") });
  }
  await blocksChanged(renderJobId);
}
