import { listDrafts } from "@storyboard/core/revision/drafts";
import { api } from "../../shared/handler";

export const handler = api({}, async ({ params }) => listDrafts(params.id));
