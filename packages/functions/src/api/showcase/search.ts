import { searchShowcase } from "@storyboard/core/showcase/search";
import { commaList, SHOWCASE_LIMITS } from "@storyboard/core/showcase/schema";
import { z } from "zod";
import { api } from "../../shared/handler";

const query = z.object({
  page: z.coerce.number().int().min(1, { error: "page starts at 1" }).default(1),
  limit: z.coerce.number().int().min(1).max(48, { error: "limit is at most 48" }).default(SHOWCASE_LIMITS.searchPage),
  search: z.string().max(200).optional(),
  genre: z.string().optional(),
  subgenres: z.string().optional().transform(commaList),
  tags: z.string().optional().transform(commaList),
});

export const handler = api({ query }, async ({ query }) => searchShowcase(query));
