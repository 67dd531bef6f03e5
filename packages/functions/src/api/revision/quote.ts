import { ASPECT_IDS } from "@storyboard/core/catalog/aspects";
import { quoteRender } from "@storyboard/core/revision/quote";
import { characterVoiceSchema } from "@storyboard/core/render/schema";
import { z } from "zod";
import { api } from "../../shared/handler";

const body = z.object({
  style: z.string({ error: "Please choose a style." }).min(1, { error: "Please choose a style." }),
  characterVoices: z.record(z.string(), characterVoiceSchema).default({}),
  aspect: z.enum(ASPECT_IDS, { error: "Choose one of the aspects." }).optional(),
});

/** Prepare Render's price: how many blocks a render reuses from the writer's earlier renders, and what it costs. */
export const handler = api({ body }, async ({ params, body }) => quoteRender(params.id, body));
