import { deleteScreenplay } from "@storyboard/core/screenplay/remove";
import { api } from "../../shared/handler";

export const handler = api({}, async ({ params }) => deleteScreenplay(params.id));
