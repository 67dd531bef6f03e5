import { LEDGER_MAX_PAGE_SIZE, LEDGER_PAGE_SIZE, listLedger } from "@storyboard/core/points/ledger";
import { z } from "zod";
import { api } from "../../shared/handler";

const query = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
  limit: z.coerce.number().int().min(1).max(LEDGER_MAX_PAGE_SIZE, `limit must be at most ${LEDGER_MAX_PAGE_SIZE}`).default(LEDGER_PAGE_SIZE),
});

export const handler = api({ query }, async ({ query }) => listLedger(query.page, query.limit));
