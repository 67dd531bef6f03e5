import { addFeatured } from "@storyboard/core/showcase/featured";
import { SHOWCASE_MESSAGES } from "@storyboard/core/showcase/schema";
import { z } from "zod";
import { api } from "../../shared/handler";

const body = z.object({
  showcaseEntryId: z.string({ error: SHOWCASE_MESSAGES.featuredIdRequired }).trim().min(1, { error: SHOWCASE_MESSAGES.featuredIdRequired }),
});

export const handler = api({ body }, async ({ body }) => addFeatured(body.showcaseEntryId));
