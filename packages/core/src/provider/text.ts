import type { Shot } from "../board/shot-vocabulary";
import type { StyleId } from "../catalog/styles";
import type { CharacterFacts, SceneFacts } from "../render/story-facts";
import type { Block, CharacterEntry, SceneInfo } from "../screenplay/types";

/**
 * Writes descriptions and image prompts. Both writers start from the same
 * facts read out of the script (render/story-facts.ts): the offline one turns
 * them into sentences, the cloud one receives them as its brief.
 */
export interface TextProvider {
  describeCharacter(input: { name: string; character: CharacterEntry; blocks: readonly Block[]; facts: CharacterFacts }): Promise<string>;
  describeScene(input: { scene: SceneInfo; blocks: readonly Block[]; facts: SceneFacts }): Promise<string>;
  imagePrompt(input: {
    block: Block;
    style: StyleId;
    scene?: SceneInfo & { description?: string };
    characters: { name: string; description: string }[];
    /** The block's shot (board/shots.ts); the prompt states it in the words image models follow. */
    shot?: Pick<Shot, "size" | "angle" | "movement">;
  }): Promise<string>;
}
