import { getEntry } from "@storyboard/core/showcase/entries";
import { api } from "../../shared/handler";

export const handler = api({}, async ({ params }) => getEntry(params.id));
