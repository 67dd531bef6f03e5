import { listFeatured } from "@storyboard/core/showcase/featured";
import { SHOWCASE_LIMITS } from "@storyboard/core/showcase/schema";
import { z } from "zod";
import { api } from "../../shared/handler";

const query = z.object({ limit: z.coerce.number().int().min(1).max(50).default(SHOWCASE_LIMITS.adminFeatured) });

export const handler = api({ query }, async ({ query }) => listFeatured(query.limit));
