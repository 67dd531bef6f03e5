import { replaceCharacterReference } from "@storyboard/core/render/character-references";
import { characterReferenceSchema } from "@storyboard/core/render/schema";
import { api } from "../../shared/handler";

/** The writer's own picture as a character's reference image (docs/decisions.md#character-reference-images). */
export const handler = api({ body: characterReferenceSchema }, async ({ body, params }) => replaceCharacterReference({ renderJobId: params.id, ...body }));
