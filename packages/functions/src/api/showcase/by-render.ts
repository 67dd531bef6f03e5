import { getEntryForRender } from "@storyboard/core/showcase/entries";
import { api } from "../../shared/handler";
import { Reply } from "../../shared/http";

/** The entry of the caller's render, or JSON null when it was never promoted. */
export const handler = api({}, async ({ params }) => new Reply(200, await getEntryForRender(params.id)));
