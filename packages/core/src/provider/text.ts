import type { StyleId } from "../catalog/styles";
import type { Block, CharacterEntry, SceneInfo } from "../screenplay/types";

/** Writes descriptions and image prompts. The offline one reads them out of the screenplay itself. */
export interface TextProvider {
  describeCharacter(input: { name: string; character: CharacterEntry; blocks: readonly Block[] }): Promise<string>;
  describeScene(input: { scene: SceneInfo; blocks: readonly Block[] }): Promise<string>;
  imagePrompt(input: {
    block: Block;
    style: StyleId;
    scene?: SceneInfo & { description?: string };
    characters: { name: string; description: string }[];
  }): Promise<string>;
}
