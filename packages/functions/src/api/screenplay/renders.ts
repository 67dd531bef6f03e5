import { listScreenplayRenders } from "@storyboard/core/screenplay/remove";
import { api } from "../../shared/handler";

export const handler = api({}, async ({ params }) => listScreenplayRenders(params.id));
