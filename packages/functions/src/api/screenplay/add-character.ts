import { addCharacter } from "@storyboard/core/screenplay/character-edits";
import { z } from "zod";
import { api } from "../../shared/handler";

const body = z.object({ characterName: z.string({ error: "Please enter a character name." }) });

export const handler = api({ body }, async ({ params, body }) => addCharacter(params.id, body.characterName));
