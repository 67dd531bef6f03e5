import { listUserEntries } from "@storyboard/core/showcase/entries";
import { SHOWCASE_LIMITS } from "@storyboard/core/showcase/schema";
import { z } from "zod";
import { api } from "../../shared/handler";

const query = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(SHOWCASE_LIMITS.otherWorksFetch),
  excludeId: z.string().optional(),
});

export const handler = api({ query }, async ({ params, query }) => listUserEntries(params.userId, query));
