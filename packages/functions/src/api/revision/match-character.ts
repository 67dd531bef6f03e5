import { matchRenamedCharacter } from "@storyboard/core/revision/drafts";
import { z } from "zod";
import { api } from "../../shared/handler";

const body = z.object({
  oldName: z.string({ error: "Please give the character's name in the earlier draft." }),
  newName: z.string({ error: "Please give the character's name in this draft." }),
});

/** 'ROSE is now ROSALIND'. */
export const handler = api({ body }, async ({ params, body }) => matchRenamedCharacter(params.id, body.oldName, body.newName));
